import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { specFor } from '../shared/spec-helpers';
import type { CompleteSaleCommand, SaleCompletedData, SaleLineInput } from './sales';
import { stockDecider, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const early = '44444444-4444-4444-8444-444444444401';
const late = '44444444-4444-4444-8444-444444444402';
const saleId = '66666666-6666-4666-8666-666666666601';
const returnId = '77777777-7777-4777-8777-777777777701';
const given = specFor(stockDecider);

const receipt = (batchId: string, expiryDate: string, quantity: number, batchNumber: string): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId,
    productId,
    batchNumber,
    quantity,
    purchasePrice: '1.00',
    expiryDate,
    receivedDate: '2026-10-01',
    supplierId: null,
  },
});
const earlyBatch = receipt(early, '2026-12-31', 2, 'E-1');
const lateBatch = receipt(late, '2027-06-30', 5, 'L-1');

const line = (overrides: Partial<SaleLineInput> = {}): SaleLineInput => ({
  productId,
  productName: 'Amoxicillin 500 mg',
  productNameAr: 'أموكسيسيلين',
  sku: 'AMX-500',
  productSalesUnit: 'pill',
  unitsPerPackage: 10,
  price: '4.99',
  commissionEnabled: true,
  commissionRate: '5.00',
  salesUnit: 'whole',
  quantity: 3,
  batchId: null,
  ...overrides,
});
const sell = (lines: SaleLineInput[], cashReceived = '50.00'): CompleteSaleCommand => ({
  type: 'CompleteSale',
  saleId,
  pharmacyId,
  soldAt: '2026-11-22T10:00:00.000Z',
  today: '2026-11-22',
  customerName: null,
  customerPhone: null,
  notes: null,
  cashReceived,
  lines,
});

function decide(history: StockEvent[], command: Parameters<typeof stockDecider.decide>[0]) {
  return stockDecider.decide(command, fold(stockDecider, stockDecider.initialState(), history));
}

describe('a sale at the counter', () => {
  it('records every allocation, FEFO across batches, with prices and commission from the catalogue', () => {
    const [event] = decide([lateBatch, earlyBatch], sell([line()]));
    expect(event).toEqual({
      type: 'SaleCompleted',
      data: {
        saleId,
        pharmacyId,
        soldAt: '2026-11-22T10:00:00.000Z',
        soldOn: '2026-11-22',
        customerName: null,
        customerPhone: null,
        notes: null,
        totalAmount: '14.97',
        cashReceived: '50.00',
        change: '35.03',
        lines: [
          {
            productId,
            productName: 'Amoxicillin 500 mg',
            productNameAr: 'أموكسيسيلين',
            sku: 'AMX-500',
            salesUnit: 'whole',
            unitsPerPackage: 10,
            quantity: 3,
            unitPrice: '4.99',
            totalPrice: '14.97',
            commissionEnabled: true,
            commissionRate: '5.00',
            commissionAmount: '0.75',
            allocations: [
              {
                batchId: early,
                batchNumber: 'E-1',
                expiryDate: '2026-12-31',
                quantity: 2,
                packsOpened: 0,
                totalPrice: '9.98',
                commissionAmount: '0.50',
              },
              {
                batchId: late,
                batchNumber: 'L-1',
                expiryDate: '2027-06-30',
                quantity: 1,
                packsOpened: 0,
                totalPrice: '4.99',
                commissionAmount: '0.25',
              },
            ],
          },
        ],
      },
    });
  });

  it('sells 3 pills of a 10-pill pack exactly: the pack is opened, 7 pills stay loose, nothing is lost', () => {
    const history = [earlyBatch];
    const [event] = decide(history, sell([line({ salesUnit: 'pill', quantity: 3 })]));
    expect(event?.type === 'SaleCompleted' && event.data.lines[0]).toMatchObject({
      unitPrice: '0.499',
      totalPrice: '1.50',
      allocations: [{ batchId: early, quantity: 3, packsOpened: 1, totalPrice: '1.50' }],
    });
    const after = fold(stockDecider, stockDecider.initialState(), [...history, event!]);
    expect(after.batches[early]).toMatchObject({ quantity: 1, looseUnits: 7, version: 2 });
    // The next 7 pills come from the open pack; the 8th opens the last one.
    const [next] = stockDecider.decide(
      { ...sell([line({ salesUnit: 'pill', quantity: 8 })]), saleId: returnId },
      after,
    );
    expect(next?.type === 'SaleCompleted' && next.data.lines[0]!.allocations).toEqual([
      expect.objectContaining({ quantity: 8, packsOpened: 1 }),
    ]);
  });

  it('shares two lines of one product out of the same stock', () => {
    given(earlyBatch)
      .when(sell([line({ quantity: 2 }), line({ salesUnit: 'pill', quantity: 1 })]))
      .thenRefuses({ kind: 'conflict', code: 'INSUFFICIENT_STOCK', message: /Only 0 pills of Amoxicillin 500 mg/ });
  });

  it('refuses short stock naming the product and what is available', () => {
    given(earlyBatch, lateBatch)
      .when(sell([line({ quantity: 8 })]))
      .thenRefuses({
        kind: 'conflict',
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 7 packs of Amoxicillin 500 mg can be sold here (8 asked).',
      });
  });

  it('refuses cash below the total, and a unit the product is not sold in', () => {
    given(earlyBatch)
      .when(sell([line({ quantity: 1 })], '4.98'))
      .thenRefuses({
        kind: 'invalid',
        code: 'INSUFFICIENT_CASH',
        message: 'Cash received is less than the total amount',
      });
    given(earlyBatch)
      .when(sell([line({ salesUnit: 'sachet', quantity: 1 })]))
      .thenRefuses({ kind: 'invalid', code: 'SALES_UNIT_NOT_OFFERED', message: /by the pack or by the pill/ });
    given(earlyBatch)
      .when(sell([line({ productSalesUnit: 'whole', unitsPerPackage: 1, salesUnit: 'pill', quantity: 1 })]))
      .thenRefuses({ kind: 'invalid', code: 'SALES_UNIT_NOT_OFFERED', message: /by the pack only/ });
  });

  it('sells a scanned batch, and refuses it once expired', () => {
    const [event] = decide([earlyBatch, lateBatch], sell([line({ quantity: 1, batchId: late })]));
    expect(event?.type === 'SaleCompleted' && event.data.lines[0]!.allocations.map((a) => a.batchId)).toEqual([late]);
    given(earlyBatch)
      .when({ ...sell([line({ quantity: 1, batchId: early })]), today: '2027-01-01' })
      .thenRefuses({ kind: 'conflict', code: 'BATCH_EXPIRED', message: /expired on 2026-12-31/ });
  });

  it('moves the version of every batch it touches on, so a form opened before the sale is stale', () => {
    const [event] = decide([earlyBatch, lateBatch], sell([line()]));
    const after = fold(stockDecider, stockDecider.initialState(), [earlyBatch, lateBatch, event!]);
    expect(after.batches[early]?.version).toBe(2);
    expect(after.batches[late]?.version).toBe(2);
    expect(() =>
      stockDecider.decide(
        {
          type: 'AdjustStock',
          pharmacyId,
          batchId: late,
          quantityChange: -1,
          reason: 'damaged',
          note: null,
          expectedVersion: 1,
        },
        after,
      ),
    ).toThrow(expect.objectContaining({ code: 'STALE_EDIT' }));
  });
});

describe('a return', () => {
  const soldEvent = () => decide([earlyBatch, lateBatch], sell([line(), line({ salesUnit: 'pill', quantity: 4 })]))[0]!;
  /** The sale as the handler reads it from the log for a return. */
  const recordedSale = (): SaleCompletedData => {
    const sold = soldEvent();
    if (sold.type !== 'SaleCompleted') throw new Error('expected a sale');
    return sold.data;
  };
  const returned = (
    lines: Array<{ lineIndex: number; quantity: number }> | null,
    today = '2026-11-25',
    sale: SaleCompletedData | null = recordedSale(),
  ) => ({
    type: 'ReturnSale' as const,
    saleId,
    sale,
    returnId,
    pharmacyId,
    returnedAt: `${today}T12:00:00.000Z`,
    today,
    reason: 'Wrong strength',
    lines,
  });

  it('puts the units back into the batches they came from and refunds what was paid', () => {
    const sold = soldEvent();
    const [event] = decide([earlyBatch, lateBatch, sold], returned([{ lineIndex: 0, quantity: 2 }]));
    expect(event).toMatchObject({
      type: 'SaleReturned',
      data: {
        refundAmount: '9.98',
        lines: [
          {
            lineIndex: 0,
            quantity: 2,
            refund: '9.98',
            allocations: [
              { batchId: late, quantity: 1, refund: '4.99', restocked: true },
              { batchId: early, quantity: 1, refund: '4.99', restocked: true },
            ],
          },
        ],
      },
    });
    const after = fold(stockDecider, stockDecider.initialState(), [earlyBatch, lateBatch, sold, event!]);
    expect(after.batches[early]?.quantity).toBe(1);
    expect(after.batches[late]?.quantity).toBe(4);
  });

  it('returns the whole sale when no lines are named, and then nothing more', () => {
    const sold = soldEvent();
    const [whole] = decide([earlyBatch, lateBatch, sold], returned(null));
    expect(whole?.type === 'SaleReturned' && whole.data.refundAmount).toBe('16.97');
    given(earlyBatch, lateBatch, sold, whole!)
      .when(returned(null))
      .thenRefuses({ kind: 'conflict', code: 'RETURN_EXCEEDS_SALE', message: /returned already/ });
  });

  it('never returns more than was sold, and refunds partial returns that add up to what was paid', () => {
    const sold = soldEvent();
    given(earlyBatch, lateBatch, sold)
      .when(returned([{ lineIndex: 1, quantity: 5 }]))
      .thenRefuses({ kind: 'conflict', code: 'RETURN_EXCEEDS_SALE', message: /has 4 left to return/ });
    // 4 pills for 2.00 (0.499 each): 1 + 3 come back as 0.50 + 1.50.
    const [first] = decide([earlyBatch, lateBatch, sold], returned([{ lineIndex: 1, quantity: 1 }]));
    const history = [earlyBatch, lateBatch, sold, first!];
    const [second] = decide(history, { ...returned([{ lineIndex: 1, quantity: 3 }]), returnId: saleId });
    const refunds = [first, second].map((e) => (e?.type === 'SaleReturned' ? e.data.refundAmount : null));
    expect(refunds).toEqual(['0.50', '1.50']);
  });

  it('records units of an expired batch as returned without putting them back on sale', () => {
    const sold = soldEvent();
    const [event] = decide([earlyBatch, lateBatch, sold], returned([{ lineIndex: 0, quantity: 3 }], '2027-01-05'));
    expect(event?.type === 'SaleReturned' && event.data.lines[0]!.allocations).toEqual([
      { batchId: late, quantity: 1, refund: '4.99', restocked: true },
      { batchId: early, quantity: 2, refund: '9.98', restocked: false },
    ]);
    const after = fold(stockDecider, stockDecider.initialState(), [earlyBatch, lateBatch, sold, event!]);
    expect(after.batches[early]?.quantity).toBe(0);
  });

  it('keeps in the state only what came back, and forgets it once the return window is over', () => {
    const sold = soldEvent();
    const [back] = decide([earlyBatch, lateBatch, sold], returned([{ lineIndex: 1, quantity: 1 }]));
    expect(fold(stockDecider, stockDecider.initialState(), [earlyBatch, lateBatch, sold]).returned).toEqual({});
    const after = fold(stockDecider, stockDecider.initialState(), [earlyBatch, lateBatch, sold, back!]);
    expect(after.returned).toEqual({
      [saleId]: { lastReturnedOn: '2026-11-25', allocations: { [`1:${late}`]: { quantity: 1, refunded: '50' } } },
    });
    const later = decide([lateBatch], {
      ...sell([line({ quantity: 1 })]),
      saleId: returnId,
      soldAt: '2027-03-01T10:00:00.000Z',
      today: '2027-03-01',
    })[0]!;
    expect(fold(stockDecider, after, [later]).returned).toEqual({});
  });

  it('refuses a sale that is unknown here or past the return window', () => {
    given(earlyBatch)
      .when(returned(null, '2026-11-25', null))
      .thenRefuses({ kind: 'not_found', code: 'SALE_NOT_FOUND' });
    given(earlyBatch)
      .when({ ...returned(null), pharmacyId: productId })
      .thenRefuses({ kind: 'not_found', code: 'SALE_NOT_FOUND' });
    given(earlyBatch, lateBatch, soldEvent())
      .when(returned(null, '2027-03-01'))
      .thenRefuses({ kind: 'conflict', code: 'RETURN_WINDOW_CLOSED' });
  });
});
