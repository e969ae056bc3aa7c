import { describe, expect, it } from '@jest/globals';
import { aProduct } from '../../../test/catalogue';
import { buildOverviewCsv, overviewCsvFileName, type OverviewCsvLabels } from './inventory-csv';
import type { OverviewRow } from './inventory-overview';

const labels: OverviewCsvLabels = {
  product: 'Product',
  brand: 'Brand',
  sku: 'SKU',
  stock: 'Stock',
  location: 'Location',
  status: 'Status',
  generic: 'Generic',
  statuses: { outOfStock: 'Out of Stock', lowStock: 'Low Stock', inStock: 'In Stock' },
};

const rows: OverviewRow[] = [
  { product: aProduct(), stock: 40, status: 'inStock' },
  {
    product: aProduct({ id: 'p2', name: 'Zinc, 10 mg', nameAr: null, brand: null, sku: 'ZN-1' }),
    stock: 0,
    status: 'outOfStock',
  },
];

describe('buildOverviewCsv', () => {
  it('starts with a byte order mark, then the table’s columns, with "Generic" for a product without a brand', () => {
    const csv = buildOverviewCsv(rows, { labels, locationText: 'Multiple Locations', language: 'en' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Product,Brand,SKU,Stock,Location,Status',
      'Paracetamol 500 mg,Panadol,PAR-500-20,40,Multiple Locations,In Stock',
      '"Zinc, 10 mg",Generic,ZN-1,0,Multiple Locations,Out of Stock',
      '',
    ]);
  });

  it('uses the Arabic names in Arabic', () => {
    const csv = buildOverviewCsv(rows, { labels, locationText: 'صيدلية وسط البلد', language: 'ar' });
    expect(csv.split('\r\n')[1]).toBe('باراسيتامول ٥٠٠ ملغ,Panadol,PAR-500-20,40,صيدلية وسط البلد,In Stock');
  });
});

describe('overviewCsvFileName', () => {
  it('is dated in the local calendar', () => {
    expect(overviewCsvFileName(new Date(2026, 0, 5, 23, 30))).toBe('inventory-overview-2026-01-05.csv');
  });
});
