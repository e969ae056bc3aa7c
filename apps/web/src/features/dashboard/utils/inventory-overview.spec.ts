import { describe, expect, it } from '@jest/globals';
import { aProduct } from '../../../test/catalogue';
import { buildOverviewRows, overviewLocation } from './inventory-overview';

const downtown = { id: 'ph1', name: 'Downtown', nameAr: 'وسط البلد' };

describe('overviewLocation', () => {
  it('names the chosen pharmacy, says "multiple" for all, and "unknown" for one it cannot find', () => {
    expect(overviewLocation('ph1', [downtown])).toEqual({ kind: 'pharmacy', pharmacy: downtown });
    expect(overviewLocation(null, [downtown])).toEqual({ kind: 'multiple' });
    expect(overviewLocation('gone', [downtown])).toEqual({ kind: 'unknown' });
  });
});

describe('buildOverviewRows', () => {
  it('gives each product, in the server’s order, its stock in scope and its status', () => {
    const products = [
      aProduct({ id: 'p1', minStockLevel: 20, totalStock: 30 }),
      aProduct({ id: 'p2', totalStock: 0 }),
      aProduct({ id: 'p3', minStockLevel: 5, totalStock: 5 }),
    ];
    expect(buildOverviewRows(products).map((row) => [row.product.id, row.stock, row.status])).toEqual([
      ['p1', 30, 'inStock'],
      ['p2', 0, 'outOfStock'],
      ['p3', 5, 'lowStock'],
    ]);
  });
});
