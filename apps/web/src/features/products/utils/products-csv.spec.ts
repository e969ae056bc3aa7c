import { describe, expect, it } from '@jest/globals';
import { UTF8_BOM } from '../../../lib/csv';
import { aProduct } from '../../../test/catalogue';
import { csvIn } from '../../../test/csv';
import { productCsvColumns, productsCsvFileName } from './products-csv';

const labels = {
  'products.form.sku': 'SKU',
  'products.form.barcode': 'Barcode',
  'products.form.name': 'Name',
  'products.form.nameAr': 'Name (Arabic)',
  'products.form.genericName': 'Generic Name',
  'products.form.brand': 'Brand',
  'products.form.category': 'Category',
  'products.form.supplier': 'Supplier',
  'products.form.price': 'Price',
  'products.form.cost': 'Cost',
  'products.form.salesUnit': 'Sales Unit',
  'products.form.minStockLevel': 'Min Stock',
  'products.form.maxStockLevel': 'Max Stock',
  'products.badge.prescription': 'Prescription',
  'products.column.status': 'Status',
  'common.yes': 'Yes',
  'common.no': 'No',
  'products.badge.active': 'Active',
  'products.badge.inactive': 'Inactive',
  'salesUnit.whole': 'Whole pack',
};

describe('the products CSV', () => {
  it('writes a header and one row per product, with a byte order mark for Excel', () => {
    const csv = csvIn(
      [
        aProduct(),
        aProduct({ sku: 'AMX', barcode: null, nameAr: null, requiresPrescription: true, isActive: false, cost: null }),
      ],
      productCsvColumns,
      labels,
    );
    const lines = csv.slice(UTF8_BOM.length).split('\r\n');
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(lines[0]).toBe(
      'SKU,Barcode,Name,Name (Arabic),Generic Name,Brand,Category,Supplier,Price,Cost,Sales Unit,Min Stock,Max Stock,Prescription,Status',
    );
    expect(lines[1]).toBe(
      'PAR-500-20,5012345678900,Paracetamol 500 mg,باراسيتامول ٥٠٠ ملغ,Paracetamol,Panadol,Analgesics,MedSupply Co.,3.50,2.10,Whole pack,10,1000,No,Active',
    );
    expect(lines[2]).toBe(
      'AMX,,Paracetamol 500 mg,,Paracetamol,Panadol,Analgesics,MedSupply Co.,3.50,,Whole pack,10,1000,Yes,Inactive',
    );
  });

  it('names the file with the local date', () => {
    expect(productsCsvFileName(new Date(2026, 10, 5, 23, 30))).toBe('products-2026-11-05.csv');
  });
});
