import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { specFor } from '../shared/spec-helpers';
import { stockDecider, type StockCommand, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const a = '44444444-4444-4444-8444-444444444401';
const b = '44444444-4444-4444-8444-444444444402';
const countId = '55555555-5555-4555-8555-555555555501';
const at = '2026-11-22T08:00:00.000Z';
const given = specFor(stockDecider);

const receipt = (batchId: string, quantity: number): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId,
    productId,
    batchNumber: batchId === a ? 'A-1' : 'B-1',
    quantity,
    purchasePrice: null,
    expiryDate: batchId === a ? '2027-01-31' : '2027-09-30',
    receivedDate: '2026-10-01',
    supplierId: null,
  },
});
const sold = (batchId: string, quantity: number): StockEvent => ({
  type: 'SaleCompleted',
  data: {
    saleId: '66666666-6666-4666-8666-666666666601',
    pharmacyId,
    soldAt: at,
    soldOn: '2026-11-22',
    customerName: null,
    customerPhone: null,
    notes: null,
    totalAmount: '1.00',
    cashReceived: '1.00',
    change: '0.00',
    lines: [
      {
        productId,
        productName: 'x',
        productNameAr: null,
        sku: 'x',
        salesUnit: 'whole',
        unitsPerPackage: 1,
        quantity,
        unitPrice: '1.00',
        totalPrice: '1.00',
        commissionEnabled: false,
        commissionRate: '0.00',
        commissionAmount: '0.00',
        allocations: [
          {
            batchId,
            batchNumber: 'x',
            expiryDate: '2027-01-31',
            quantity,
            packsOpened: 0,
            totalPrice: '1.00',
            commissionAmount: '0.00',
          },
        ],
      },
    ],
  },
});
const stocked = [receipt(a, 10), receipt(b, 4)];
const state = (events: StockEvent[]) => fold(stockDecider, stockDecider.initialState(), events);
const decide = (events: StockEvent[], command: StockCommand) => stockDecider.decide(command, state(events));
const start: StockCommand = {
  type: 'StartCount',
  countId,
  pharmacyId,
  productIds: null,
  categoryId: null,
  shelfLocation: null,
  note: null,
  by: null,
  at,
};
const count = (batchId: string, counted: number, reason: 'miscount' | 'theft' | null = null): StockEvent => ({
  type: 'StockCounted',
  data: { countId, pharmacyId, countedBy: null, counts: [{ batchId, counted, reason }] },
});
const post: StockCommand = { type: 'PostCount', countId, pharmacyId, by: null, at, today: '2026-11-22' };

describe('a stock count', () => {
  const started = decide(stocked, start);

  it('fixes the quantity each batch held when it started', () => {
    expect(started).toEqual([
      expect.objectContaining({
        type: 'StockCountStarted',
        data: expect.objectContaining({
          lines: [
            { batchId: a, productId, expected: 10 },
            { batchId: b, productId, expected: 4 },
          ],
        }),
      }),
    ]);
  });

  it('posts counted − expected, so sales made while counting are neither lost nor counted twice', () => {
    // A held 10 when the count began; the counter found 9 (one missing), then a sale took 3: A moves by −1, to 6.
    const during = [...stocked, ...started, sold(a, 3), count(a, 9, 'theft'), count(b, 4)];
    const [posted] = decide(during, post);
    expect(posted).toMatchObject({
      type: 'StockCountPosted',
      data: {
        adjustments: [
          { batchId: a, expected: 10, counted: 9, change: -1, reason: 'theft' },
          { batchId: b, expected: 4, counted: 4, change: 0, reason: null },
        ],
      },
    });
    const after = state([...during, posted!]);
    expect([after.batches[a]!.quantity, after.batches[b]!.quantity]).toEqual([6, 4]);
    expect(after.counts[countId]).toBeUndefined();
  });

  it('needs a reason for every difference, and refuses a count that would leave a batch below zero', () => {
    given(...stocked, ...started, count(a, 8))
      .when(post)
      .thenRefuses({ kind: 'invalid', code: 'VARIANCE_REASON_REQUIRED', message: /counted 8, 10 expected/ });
    given(...stocked, ...started, sold(a, 10), count(a, 2, 'miscount'))
      .when(post)
      .thenRefuses({ kind: 'conflict', code: 'COUNT_BELOW_ZERO' });
  });

  it('is posted or cancelled once', () => {
    const posted = decide([...stocked, ...started, count(b, 4)], post);
    given(...stocked, ...started, count(b, 4), ...posted)
      .when(post)
      .thenRefuses({ kind: 'not_found', code: 'COUNT_NOT_FOUND' });
  });

  it('refuses counts of batches it does not cover', () => {
    given(...stocked, ...started)
      .when({
        type: 'RecordCounts',
        countId,
        pharmacyId,
        by: null,
        counts: [{ batchId: countId, counted: 1, reason: null }],
      })
      .thenRefuses({ kind: 'invalid', code: 'COUNT_LINE_UNKNOWN' });
  });
});

describe('a write-off', () => {
  it('takes destroyed units out of stock, with the witness', () => {
    const [written] = decide(stocked, {
      type: 'WriteOff',
      pharmacyId,
      batchId: b,
      quantity: 3,
      looseUnits: 0,
      reason: 'expired',
      witness: 'Dr. Salma Haddad',
      note: null,
      by: null,
    });
    expect(written).toMatchObject({ type: 'StockWrittenOff', data: { quantity: 3, witness: 'Dr. Salma Haddad' } });
    expect(state([...stocked, written!]).batches[b]!.quantity).toBe(1);
    given(...stocked)
      .when({
        type: 'WriteOff',
        pharmacyId,
        batchId: b,
        quantity: 5,
        looseUnits: 0,
        reason: 'damaged',
        witness: 'x',
        note: null,
        by: null,
      })
      .thenRefuses({ kind: 'conflict', code: 'INSUFFICIENT_STOCK' });
  });
});
