import { describe, expect, it } from '@jest/globals';
import { lineDiscount, saleDiscountTotal } from './receipt-discounts';

const allocation = (overrides: { discountPercentage: string | null; discountAmount: string }) => ({
  batchId: 'b',
  batchNumber: 'LOT-1',
  expiryDate: '2026-12-01',
  quantity: 1,
  returnedQuantity: 0,
  totalPrice: '0.00',
  commissionAmount: '0.00',
  ...overrides,
});

describe('discounts on the receipt', () => {
  it('shows nothing for a line sold at the list price', () => {
    expect(
      lineDiscount({
        totalPrice: '9.98',
        discountAmount: '0.00',
        allocations: [allocation({ discountPercentage: null, discountAmount: '0.00' })],
      }),
    ).toBeNull();
  });

  it("gives the list price (the server's total plus the discount) and each batch's rate once", () => {
    expect(
      lineDiscount({
        totalPrice: '15.00',
        discountAmount: '5.00',
        allocations: [
          allocation({ discountPercentage: '25.00', discountAmount: '2.50' }),
          allocation({ discountPercentage: '25.00', discountAmount: '2.50' }),
          allocation({ discountPercentage: null, discountAmount: '0.00' }),
        ],
      }),
    ).toEqual({ listTotal: '20.00', amount: '5.00', percentages: ['25.00'] });
    expect(
      lineDiscount({
        totalPrice: '0.07',
        discountAmount: '0.03',
        allocations: [
          allocation({ discountPercentage: '10.00', discountAmount: '0.01' }),
          allocation({ discountPercentage: '40.00', discountAmount: '0.02' }),
        ],
      }),
    ).toEqual({ listTotal: '0.10', amount: '0.03', percentages: ['10.00', '40.00'] });
  });

  it('adds up what the whole sale took off, exactly', () => {
    expect(
      saleDiscountTotal({
        lines: [{ discountAmount: '0.10' }, { discountAmount: '0.20' }, { discountAmount: '0.00' }] as never,
      }),
    ).toBe('0.30');
    expect(saleDiscountTotal({ lines: [] })).toBe('0.00');
  });
});
