import { describe, expect, it } from '@jest/globals';
import type { Transfer } from '@pharmacy/contracts';
import { filterTransfers, transferCounts, transferNumber } from './transfers';
import { receivedQuantity, shortfall } from './receipt';

const aTransfer = (overrides: Partial<Transfer> = {}): Transfer => ({
  id: '9a1b2c3d-0000-4000-8000-00000000ab12',
  fromPharmacyId: 'a',
  toPharmacyId: 'b',
  fromPharmacyName: 'Downtown Pharmacy',
  fromPharmacyNameAr: 'صيدلية وسط البلد',
  toPharmacyName: 'Abdoun Branch',
  toPharmacyNameAr: null,
  initiatedBy: null,
  initiatedByName: 'Sara Haddad',
  status: 'pending',
  notes: null,
  totalQuantity: 4,
  receivedQuantity: null,
  itemCount: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  canApprove: false,
  canReceive: false,
  canCancel: false,
  ...overrides,
});

describe('the transfers list', () => {
  it('names a transfer by # and the last 8 characters of its id', () => {
    expect(transferNumber('9a1b2c3d-0000-4000-8000-00000000ab12')).toBe('#0000AB12');
  });

  it('finds a transfer by number, either pharmacy in either language, or its notes', () => {
    const transfers = [
      aTransfer({ id: 'x-1111aaaa' }),
      aTransfer({ id: 'x-2222bbbb', toPharmacyName: 'Irbid', notes: 'Cold chain: keep below 8°C' }),
    ];
    const ids = (query: string) => filterTransfers(transfers, query).map((transfer) => transfer.id);
    expect(ids('')).toEqual(['x-1111aaaa', 'x-2222bbbb']);
    expect(ids('#2222BBBB')).toEqual(['x-2222bbbb']);
    expect(ids('abdoun')).toEqual(['x-1111aaaa']);
    expect(ids('وسط')).toEqual(['x-1111aaaa', 'x-2222bbbb']);
    expect(ids('COLD')).toEqual(['x-2222bbbb']);
    expect(ids('nothing like it')).toEqual([]);
  });

  it('counts approved transfers as in progress', () => {
    const statuses = ['pending', 'approved', 'approved', 'completed', 'cancelled', 'on_hold'];
    expect(transferCounts(statuses.map((status) => aTransfer({ status })))).toEqual({
      pending: 1,
      completed: 1,
      inProgress: 2,
      total: 6,
    });
  });
});

describe('receiving a transfer', () => {
  it('reads a count between 0 and what was sent, everything when nothing sensible was typed', () => {
    expect(receivedQuantity('3', 5)).toBe(3);
    expect(receivedQuantity('0', 5)).toBe(0);
    expect(receivedQuantity('9', 5)).toBe(5);
    expect(receivedQuantity('-1', 5)).toBe(0);
    expect(receivedQuantity('', 5)).toBe(5);
    expect(receivedQuantity('x', 5)).toBe(5);
  });

  it('adds up what did not arrive', () => {
    const sent = [
      { batchId: 'b1', quantity: 4 },
      { batchId: 'b2', quantity: 2 },
    ];
    expect(
      shortfall(sent, [
        { batchId: 'b1', receivedQuantity: 3 },
        { batchId: 'b2', receivedQuantity: 0 },
      ]),
    ).toBe(3);
    expect(shortfall(sent, [{ batchId: 'b1', receivedQuantity: 4 }])).toBe(0);
  });
});
