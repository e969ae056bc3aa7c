import { describe, expect, it } from '@jest/globals';
import { UTF8_BOM } from '../../../lib/csv';
import { aProduct } from '../../../test/catalogue';
import { buildProductsCsv, productsCsvFileName, type ProductsCsvLabels } from './products-csv';

const labels: ProductsCsvLabels = {
  sku: 'SKU',
  barcode: 'Barcode',
  name: 'Name',
  nameAr: 'Name (Arabic)',
  genericName: 'Generic Name',
  brand: 'Brand',
  category: 'Category',
  supplier: 'Supplier',
  price: 'Price',
  cost: 'Cost',
  salesUnit: 'Sales Unit',
  minStock: 'Min Stock',
  maxStock: 'Max Stock',
  prescription: 'Prescription',
  status: 'Status',
  yes: 'Yes',
  no: 'No',
  active: 'Active',
  inactive: 'Inactive',
  unit: (unit) => (unit === 'whole' ? 'Whole pack' : unit),
};

describe('buildProductsCsv', () => {
  it('writes a header and one row per product, with a byte order mark for Excel', () => {
    const csv = buildProductsCsv(
      [
        aProduct(),
        aProduct({ sku: 'AMX', barcode: null, nameAr: null, requiresPrescription: true, isActive: false, cost: null }),
      ],
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
