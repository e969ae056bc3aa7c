import { shortageItemSchema, type ShortageItem } from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';

const shortageList = z.array(shortageItemSchema);

/**
 * GET /api/inventory/shortages?pharmacyId=: products at or below their minimum.
 * Under the inventory key, so a receipt, a sale or a transfer refreshes it.
 */
export function shortagesQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'shortages', pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<ShortageItem[]> =>
      shortageList.parse(await fetchJsonAt(withQuery('/api/inventory/shortages', { pharmacyId }), { signal })),
  });
}

export function useShortages(pharmacyId: string | null) {
  return useQuery(shortagesQueryOptions(pharmacyId));
}
