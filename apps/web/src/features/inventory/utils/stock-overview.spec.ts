import { describe, expect, it } from '@jest/globals';
import { stockStatus } from './stock-overview';

describe('stockStatus', () => {
  it('is out of stock at 0, low at or below the minimum, in stock above it', () => {
    expect(stockStatus(0, 10)).toBe('outOfStock');
    expect(stockStatus(1, 10)).toBe('lowStock');
    expect(stockStatus(10, 10)).toBe('lowStock');
    expect(stockStatus(11, 10)).toBe('inStock');
    expect(stockStatus(0, 0)).toBe('outOfStock');
  });
});
