import { describe, expect, it } from '@jest/globals';
import { stockStatus } from './stock-status';

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
