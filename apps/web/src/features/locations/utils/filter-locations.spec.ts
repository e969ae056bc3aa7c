import { describe, expect, it } from '@jest/globals';
import type { Pharmacy } from '@pharmacy/contracts';
import { filterLocations } from './filter-locations';

function pharmacy(overrides: Partial<Pharmacy>): Pharmacy {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Pharmacy',
    nameAr: null,
    address: 'Somewhere',
    addressAr: null,
    phone: null,
    email: null,
    managerId: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const downtown = pharmacy({
  id: 'a',
  name: 'Downtown Pharmacy',
  nameAr: 'صيدلية وسط البلد',
  address: 'King Hussein St, Amman',
  addressAr: 'شارع الملك حسين، عمّان',
  phone: '+962 6 555 0100',
  email: 'downtown@example.com',
});
const airport = pharmacy({ id: 'b', name: 'Airport Branch', address: 'Queen Alia Airport', phone: '+962 6 555 0200' });
const all = [downtown, airport];

describe('filterLocations', () => {
  it('returns everything for an empty or blank query', () => {
    expect(filterLocations(all, '')).toEqual(all);
    expect(filterLocations(all, '   ')).toEqual(all);
  });

  it('matches name, address, phone and email, ignoring case', () => {
    expect(filterLocations(all, 'DOWNTOWN pharm')).toEqual([downtown]);
    expect(filterLocations(all, 'queen alia')).toEqual([airport]);
    expect(filterLocations(all, '0200')).toEqual([airport]);
    expect(filterLocations(all, 'Downtown@Example')).toEqual([downtown]);
    expect(filterLocations(all, '+962 6 555')).toEqual(all);
  });

  it('matches the Arabic name and address', () => {
    expect(filterLocations(all, 'وسط البلد')).toEqual([downtown]);
    expect(filterLocations(all, 'الملك حسين')).toEqual([downtown]);
  });

  it('ignores surrounding spaces and tolerates missing optional fields', () => {
    expect(filterLocations(all, '  airport ')).toEqual([airport]);
    expect(filterLocations(all, 'nothing like this')).toEqual([]);
  });

  it('does not match on fields the search does not cover', () => {
    expect(filterLocations(all, 'a')).toHaveLength(2);
    expect(filterLocations([pharmacy({ id: 'c', managerId: 'manager-xyz' })], 'manager-xyz')).toEqual([]);
  });
});
