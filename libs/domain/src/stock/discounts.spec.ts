import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { specFor } from '../shared/spec-helpers';
import type { CompleteSaleCommand, SaleCompletedData } from './sales';
import { stockDecider, type StockCommand, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const near = '44444444-4444-4444-8444-444444444401';
const far = '44444444-4444-4444-8444-444444444402';
const given = specFor(stockDecider);

const receipt = (batchId: string, expiryDate: string, quantity: number): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId,
    productId,
    batchNumber: batchId === near ? 'N-1' : 'F-1',
    quantity,
    purchasePrice: '1.00',
    expiryDate,
    receivedDate: '2026-10-01',
    supplierId: null,
  },
});
const stocked = [receipt(near, '2026-12-10', 2), receipt(far, '2027-08-01', 10)];
const discounted = (discountPercentage: string, previousPercentage: string | null = null): StockEvent => ({
  type: 'BatchDiscountSet',
  data: { pharmacyId, batchId: near, productId, discountPercentage, reason: 'Expires soon', previousPercentage },
});
const discount = (discountPercentage: string): StockCommand => ({
  type: 'SetBatchDiscount',
  pharmacyId,
  batchId: near,
  discountPercentage,
  reason: 'Expires soon',
  today: '2026-11-22',
});

const sale = (quantity: number): CompleteSaleCommand => ({
  type: 'CompleteSale',
  saleId: '66666666-6666-4666-8666-666666666601',
  pharmacyId,
  soldAt: '2026-11-22T10:00:00.000Z',
  today: '2026-11-22',
  customerName: null,
  customerPhone: null,
  notes: null,
  cashReceived: '100.00',
  lines: [
    {
      productId,
      productName: 'Cetirizine 10 mg',
      productNameAr: null,
      sku: 'CET-10',
      productSalesUnit: 'whole',
      unitsPerPackage: 1,
      price: '9.99',
      commissionEnabled: true,
      commissionRate: '10.00',
      salesUnit: 'whole',
      quantity,
      batchId: null,
    },
  ],
});
const sold = (history: StockEvent[], quantity: number): SaleCompletedData => {
  const [event] = stockDecider.decide(sale(quantity), fold(stockDecider, stockDecider.initialState(), history));
  if (event?.type !== 'SaleCompleted') throw new Error('no sale');
  return event.data;
};

describe('a discount on a batch', () => {
  it('is recorded with the percentage it replaces, and not again when unchanged', () => {
    given(...stocked)
      .when(discount('25.00'))
      .then([discounted('25.00')]);
    given(...stocked, discounted('25.00'))
      .when(discount('40.00'))
      .then([discounted('40.00', '25.00')]);
    given(...stocked, discounted('25.00'))
      .when(discount('25.00'))
      .then([]);
  });

  it('is refused for a batch that has expired (it cannot be sold) or holds nothing', () => {
    given(...stocked)
      .when({ ...discount('10.00'), today: '2026-12-11' } as StockCommand)
      .thenRefuses({ kind: 'conflict', code: 'BATCH_EXPIRED', message: /expired on 2026-12-10/ });
    given(...stocked, {
      type: 'StockAdjusted',
      data: { pharmacyId, batchId: near, productId, quantityChange: -2, reason: 'damaged', note: null },
    })
      .when(discount('10.00'))
      .thenRefuses({ kind: 'conflict', code: 'BATCH_EMPTY' });
  });

  it('is ended with a reason, and only when there is one', () => {
    const end: StockCommand = { type: 'EndBatchDiscount', pharmacyId, batchId: near, reason: 'Sold out soon' };
    given(...stocked, discounted('25.00'))
      .when(end)
      .then([
        {
          type: 'BatchDiscountEnded',
          data: { pharmacyId, batchId: near, productId, reason: 'Sold out soon', previousPercentage: '25.00' },
        },
      ]);
    given(...stocked)
      .when(end)
      .thenRefuses({ kind: 'conflict', code: 'NO_DISCOUNT' });
  });

  it('lowers the price of the units sold from that batch, and the commission with it', () => {
    const line = sold([...stocked, discounted('25.00')], 2).lines[0]!;
    // 2 × 9.99 = 19.98 list, 25 % off = 4.995 → 5.00 (half away from zero), paid 14.98.
    expect(line).toMatchObject({ totalPrice: '14.98', discountAmount: '5.00', commissionAmount: '1.50' });
    expect(line.allocations).toEqual([
      expect.objectContaining({ batchId: near, quantity: 2, totalPrice: '14.98', discountPercentage: '25.00' }),
    ]);
  });

  it('applies to its own batch only when a line spans several (FEFO still decides the batches)', () => {
    const data = sold([...stocked, discounted('50.00')], 3);
    const line = data.lines[0]!;
    expect(line.allocations.map((a) => [a.batchId, a.quantity, a.totalPrice, a.discountPercentage])).toEqual([
      [near, 2, '9.99', '50.00'],
      [far, 1, '9.99', undefined],
    ]);
    expect(line).toMatchObject({ totalPrice: '19.98', discountAmount: '9.99', commissionAmount: '2.00' });
    expect(data.totalAmount).toBe('19.98');
    const commissions = line.allocations.map((a) => Number(a.commissionAmount));
    expect(commissions.reduce((a, b) => a + b, 0).toFixed(2)).toBe(line.commissionAmount);
  });

  it('is gone once ended: the batch sells at the list price again', () => {
    const line = sold(
      [
        ...stocked,
        discounted('25.00'),
        {
          type: 'BatchDiscountEnded',
          data: { pharmacyId, batchId: near, productId, reason: 'Over', previousPercentage: '25.00' },
        },
      ],
      1,
    ).lines[0]!;
    expect(line).toMatchObject({ totalPrice: '9.99' });
    expect(line.discountAmount).toBeUndefined();
  });
});
