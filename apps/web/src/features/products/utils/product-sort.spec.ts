import { describe, expect, it } from '@jest/globals';
import { productSortFor } from './product-sort';

describe('productSortFor', () => {
  it('orders by the name the reader sees, either way', () => {
    expect(productSortFor('name', 'en')).toBe('name');
    expect(productSortFor('name', 'ar')).toBe('nameAr');
    expect(productSortFor('-nameAr', 'en')).toBe('-name');
    expect(productSortFor('-name', 'ar')).toBe('-nameAr');
  });

  it('passes the other orders through', () => {
    expect(productSortFor('-price', 'ar')).toBe('-price');
    expect(productSortFor('sku', 'en')).toBe('sku');
  });
});
