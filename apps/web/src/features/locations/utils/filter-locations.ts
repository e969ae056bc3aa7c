import type { Pharmacy } from '@pharmacy/contracts';

type Searchable = Pick<Pharmacy, 'name' | 'nameAr' | 'address' | 'addressAr' | 'phone' | 'email'>;

/**
 * Specification §2: the search matches name, address, phone and email, ignoring
 * case. The Arabic name and address are searched too so the box works for
 * someone typing in Arabic.
 */
export function filterLocations<T extends Searchable>(locations: readonly T[], query: string): T[] {
  const needle = normalize(query);
  if (!needle) return [...locations];
  return locations.filter((location) =>
    [location.name, location.nameAr, location.address, location.addressAr, location.phone, location.email].some(
      (field) => field != null && normalize(field).includes(needle),
    ),
  );
}

function normalize(text: string): string {
  return text.trim().toLocaleLowerCase();
}
