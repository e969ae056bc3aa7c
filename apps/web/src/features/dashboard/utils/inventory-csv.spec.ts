import { describe, expect, it } from '@jest/globals';
import { aProduct } from '../../../test/catalogue';
import { csvIn } from '../../../test/csv';
import { overviewCsvColumns, overviewCsvFileName } from './inventory-csv';
import type { OverviewRow } from './inventory-overview';

const labels = {
  'dashboard.inventory.column.product': 'Product',
  'dashboard.inventory.csv.brand': 'Brand',
  'dashboard.inventory.column.sku': 'SKU',
  'dashboard.inventory.column.stock': 'Stock',
  'dashboard.inventory.column.location': 'Location',
  'dashboard.inventory.column.status': 'Status',
  'dashboard.inventory.generic': 'Generic',
  'dashboard.inventory.status.outOfStock': 'Out of Stock',
  'dashboard.inventory.status.lowStock': 'Low Stock',
  'dashboard.inventory.status.inStock': 'In Stock',
};

const rows: OverviewRow[] = [
  { product: aProduct(), stock: 40, status: 'inStock' },
  {
    product: aProduct({ id: 'p2', name: 'Zinc, 10 mg', nameAr: null, brand: null, sku: 'ZN-1' }),
    stock: 0,
    status: 'outOfStock',
  },
];

describe('the overview CSV', () => {
  it('starts with a byte order mark, then the table’s columns, with "Generic" for a product without a brand', () => {
    const csv = csvIn(rows, overviewCsvColumns('Multiple Locations'), labels, 'en');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Product,Brand,SKU,Stock,Location,Status',
      'Paracetamol 500 mg,Panadol,PAR-500-20,40,Multiple Locations,In Stock',
      '"Zinc, 10 mg",Generic,ZN-1,0,Multiple Locations,Out of Stock',
      '',
    ]);
  });

  it('uses the Arabic names in Arabic', () => {
    const csv = csvIn(rows, overviewCsvColumns('صيدلية وسط البلد'), labels, 'ar');
    expect(csv.split('\r\n')[1]).toBe('باراسيتامول ٥٠٠ ملغ,Panadol,PAR-500-20,40,صيدلية وسط البلد,In Stock');
  });
});

describe('overviewCsvFileName', () => {
  it('is dated in the local calendar', () => {
    expect(overviewCsvFileName(new Date(2026, 0, 5, 23, 30))).toBe('inventory-overview-2026-01-05.csv');
  });
});
