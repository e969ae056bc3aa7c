import { describe, expect, it } from '@jest/globals';
import { aBatch, aProduct } from '../../../test/catalogue';
import { buildOverviewRows, overviewLocation, overviewPage } from './inventory-overview';

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
      aProduct({ id: 'p1', minStockLevel: 20 }),
      aProduct({ id: 'p2' }),
      aProduct({ id: 'p3', minStockLevel: 5 }),
    ];
    const batches = [
      aBatch({ id: 'b1', productId: 'p1', pharmacyId: 'ph1', quantity: 15 }),
      aBatch({ id: 'b2', productId: 'p1', pharmacyId: 'ph2', quantity: 15 }),
      aBatch({ id: 'b3', productId: 'p3', pharmacyId: 'ph1', quantity: 6 }),
    ];
    const summary = (pharmacyId: string | null) =>
      buildOverviewRows(products, batches, pharmacyId).map((row) => [row.product.id, row.stock, row.status]);
    expect(summary(null)).toEqual([
      ['p1', 30, 'inStock'],
      ['p2', 0, 'outOfStock'],
      ['p3', 6, 'inStock'],
    ]);
    expect(summary('ph2')).toEqual([
      ['p1', 15, 'lowStock'],
      ['p2', 0, 'outOfStock'],
      ['p3', 0, 'outOfStock'],
    ]);
  });
});

describe('overviewPage', () => {
  const rows = buildOverviewRows(
    Array.from({ length: 23 }, (_, index) => aProduct({ id: `p${index + 1}` })),
    [],
    null,
  );

  it('shows 10 rows a page', () => {
    const first = overviewPage(rows, 1);
    expect(first.rows.map((row) => row.product.id)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i + 1}`));
    expect(first).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 10, total: 23 });
    expect(overviewPage(rows, 3)).toMatchObject({ from: 21, to: 23 });
  });

  it('keeps a page past the end on the last page', () => {
    expect(overviewPage(rows, 9).page).toBe(3);
    expect(overviewPage([], 2)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});
