import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { afterAllocation, allocateFefo, sellableQuantity, type StockOfBatch } from './fefo';

const product = 'p-1';
const today = '2026-11-22';
const batch = (
  batchId: string,
  expiryDate: string,
  packs: number,
  extra: Partial<StockOfBatch> = {},
): StockOfBatch => ({
  batchId,
  productId: product,
  expiryDate,
  receivedDate: '2026-01-01',
  packs,
  looseUnits: 0,
  ...extra,
});
const packs = (quantity: number, extra: Partial<{ batchId: string }> = {}) => ({
  productId: product,
  quantity,
  unit: 'pack' as const,
  unitsPerPackage: 10,
  ...extra,
});
const pills = (quantity: number) => ({ productId: product, quantity, unit: 'unit' as const, unitsPerPackage: 10 });

describe('FEFO allocation', () => {
  it('takes the earliest expiry first, and spans batches when one is not enough', () => {
    const batches = [batch('late', '2027-06-30', 5), batch('early', '2026-12-31', 3), batch('mid', '2027-01-31', 4)];
    expect(allocateFefo(batches, packs(6), today)).toEqual({
      ok: true,
      allocations: [
        { batchId: 'early', quantity: 3, packsOpened: 0 },
        { batchId: 'mid', quantity: 3, packsOpened: 0 },
      ],
    });
  });

  it('breaks ties by the batch received first, then by batch id', () => {
    const batches = [
      batch('b', '2027-01-31', 1, { receivedDate: '2026-05-01' }),
      batch('a', '2027-01-31', 1, { receivedDate: '2026-05-01' }),
      batch('c', '2027-01-31', 1, { receivedDate: '2026-04-01' }),
    ];
    const result = allocateFefo(batches, packs(3), today);
    expect(result.ok && result.allocations.map((a) => a.batchId)).toEqual(['c', 'a', 'b']);
  });

  it('skips expired batches (a batch is good through its expiry date), other products and inactive batches', () => {
    const batches = [
      batch('expired', '2026-11-21', 9),
      batch('today', '2026-11-22', 1),
      batch('inactive', '2026-11-23', 9, { active: false }),
      batch('other', '2026-11-23', 9, { productId: 'p-2' }),
      batch('good', '2027-01-01', 9),
    ];
    const result = allocateFefo(batches, packs(3), today);
    expect(result.ok && result.allocations).toEqual([
      { batchId: 'today', quantity: 1, packsOpened: 0 },
      { batchId: 'good', quantity: 2, packsOpened: 0 },
    ]);
  });

  it('does not sell from a batch received after the day of the sale (a sale recorded late)', () => {
    const batches = [batch('later', '2027-01-01', 5, { receivedDate: '2026-11-23' }), batch('there', '2027-02-01', 5)];
    const result = allocateFefo(batches, packs(2), today);
    expect(result.ok && result.allocations.map((a) => a.batchId)).toEqual(['there']);
  });

  it('reports what can be sold when the stock is short', () => {
    const batches = [batch('a', '2027-01-01', 2), batch('expired', '2026-01-01', 50), batch('b', '2027-02-01', 1)];
    expect(allocateFefo(batches, packs(4), today)).toEqual({ ok: false, available: 3 });
    expect(allocateFefo([], pills(1), today)).toEqual({ ok: false, available: 0 });
  });

  it('sells units from an open pack first, then opens sealed packs one by one', () => {
    const batches = [batch('a', '2027-01-01', 2, { looseUnits: 4 }), batch('b', '2027-02-01', 3)];
    expect(allocateFefo(batches, pills(3), today)).toEqual({
      ok: true,
      allocations: [{ batchId: 'a', quantity: 3, packsOpened: 0 }],
    });
    expect(allocateFefo(batches, pills(15), today)).toEqual({
      ok: true,
      allocations: [{ batchId: 'a', quantity: 15, packsOpened: 2 }],
    });
    expect(allocateFefo(batches, pills(30), today)).toEqual({
      ok: true,
      allocations: [
        { batchId: 'a', quantity: 24, packsOpened: 2 },
        { batchId: 'b', quantity: 6, packsOpened: 1 },
      ],
    });
    // Whole packs come from sealed packs only.
    expect(allocateFefo([batch('a', '2027-01-01', 0, { looseUnits: 9 })], packs(1), today)).toEqual({
      ok: false,
      available: 0,
    });
  });

  it('keeps packs held for a transfer out of the sale', () => {
    const batches = [batch('a', '2027-01-01', 5, { reservedPacks: 4 })];
    expect(allocateFefo(batches, packs(2), today)).toEqual({ ok: false, available: 1 });
  });

  it('sells only from a batch named by a scan', () => {
    const batches = [batch('early', '2026-12-01', 5), batch('scanned', '2027-05-01', 2)];
    expect(allocateFefo(batches, packs(2, { batchId: 'scanned' }), today)).toEqual({
      ok: true,
      allocations: [{ batchId: 'scanned', quantity: 2, packsOpened: 0 }],
    });
    expect(allocateFefo(batches, packs(3, { batchId: 'scanned' }), today)).toEqual({ ok: false, available: 2 });
  });

  it('never takes more than is held, never leaves a negative count, and sells exactly what was asked', () => {
    const stock = fc.array(
      fc.record({
        expiryDate: fc.constantFrom('2026-11-01', '2026-11-22', '2027-01-01', '2027-06-30'),
        packs: fc.nat(6),
        looseUnits: fc.nat(9),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(stock, fc.boolean(), fc.integer({ min: 1, max: 80 }), (held, byUnit, quantity) => {
        const batches = held.map((b, i) => batch(`b${i}`, b.expiryDate, b.packs, { looseUnits: b.looseUnits }));
        const line = byUnit ? pills(quantity) : packs(quantity);
        const result = allocateFefo(batches, line, today);
        const sellable = batches
          .filter((b) => b.expiryDate >= today)
          .reduce((n, b) => n + sellableQuantity(b, line.unit, 10), 0);
        if (!result.ok) return quantity > sellable && result.available === sellable;
        const sold = result.allocations.reduce((n, a) => n + a.quantity, 0);
        return (
          sold === quantity &&
          result.allocations.every((a) => {
            const before = batches.find((b) => b.batchId === a.batchId)!;
            const after = afterAllocation(before, a, line.unit, 10);
            return after.packs >= 0 && after.looseUnits >= 0 && before.expiryDate >= today;
          })
        );
      }),
    );
  });
});
