import { describe, expect, it } from '@jest/globals';
import { aBatch } from '../../../test/catalogue';
import { stockByProduct, stockStatus } from './stock-status';

describe('stockStatus', () => {
  it('is out of stock at 0 or below, low at or below the minimum, in stock above it', () => {
    expect(stockStatus(0, 5)).toBe('outOfStock');
    expect(stockStatus(-2, 5)).toBe('outOfStock');
    expect(stockStatus(1, 5)).toBe('lowStock');
    expect(stockStatus(5, 5)).toBe('lowStock');
    expect(stockStatus(6, 5)).toBe('inStock');
  });

  it('takes 10 as the minimum when the product has none', () => {
    expect(stockStatus(10, null)).toBe('lowStock');
    expect(stockStatus(11, undefined)).toBe('inStock');
    // A minimum of 0 is a real minimum, not a missing one.
    expect(stockStatus(1, 0)).toBe('inStock');
  });
});

describe('stockByProduct', () => {
  const batches = [
    aBatch({ id: 'b1', productId: 'p1', pharmacyId: 'ph1', quantity: 30 }),
    aBatch({ id: 'b2', productId: 'p1', pharmacyId: 'ph2', quantity: 5 }),
    aBatch({ id: 'b3', productId: 'p1', pharmacyId: 'ph1', quantity: 100, isActive: false }),
    aBatch({ id: 'b4', productId: 'p2', pharmacyId: 'ph2', quantity: 7 }),
  ];

  it('adds up the active records of every pharmacy', () => {
    expect(Object.fromEntries(stockByProduct(batches, null))).toEqual({ p1: 35, p2: 7 });
  });

  it('adds up only the chosen pharmacy’s records', () => {
    expect(Object.fromEntries(stockByProduct(batches, 'ph1'))).toEqual({ p1: 30 });
  });
});
