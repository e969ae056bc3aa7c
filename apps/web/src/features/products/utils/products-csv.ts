import type { Product } from '@pharmacy/contracts';
import { datedCsvFileName, type CsvColumn, type CsvExportOptions } from '../../../lib/csv-export';
import { salesUnitLabels } from '../../../lib/sales-units';

/**
 * The table's products, one row each. Prices stay plain decimals ("12.50")
 * without a currency sign, so a spreadsheet reads them as numbers.
 */
export const productCsvColumns: readonly CsvColumn<Product>[] = [
  { header: { id: 'products.form.sku' }, cell: (product) => product.sku },
  { header: { id: 'products.form.barcode' }, cell: (product) => product.barcode },
  { header: { id: 'products.form.name' }, cell: (product) => product.name },
  { header: { id: 'products.form.nameAr' }, cell: (product) => product.nameAr },
  { header: { id: 'products.form.genericName' }, cell: (product) => product.genericName },
  { header: { id: 'products.form.brand' }, cell: (product) => product.brand },
  { header: { id: 'products.form.category' }, cell: (product) => product.categoryName },
  { header: { id: 'products.form.supplier' }, cell: (product) => product.supplierName },
  { header: { id: 'products.form.price' }, cell: (product) => product.price },
  { header: { id: 'products.form.cost' }, cell: (product) => product.cost },
  {
    header: { id: 'products.form.salesUnit' },
    cell: (product, { intl }) => intl.formatMessage(salesUnitLabels[product.salesUnit]),
  },
  { header: { id: 'products.form.minStockLevel' }, cell: (product) => product.minStockLevel },
  { header: { id: 'products.form.maxStockLevel' }, cell: (product) => product.maxStockLevel },
  {
    header: { id: 'products.badge.prescription' },
    cell: (product, { intl }) =>
      intl.formatMessage(product.requiresPrescription ? { id: 'common.yes' } : { id: 'common.no' }),
  },
  {
    header: { id: 'products.column.status' },
    cell: (product, { intl }) =>
      intl.formatMessage(product.isActive ? { id: 'products.badge.active' } : { id: 'products.badge.inactive' }),
  },
];

/** `products-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function productsCsvFileName(now: Date): string {
  return datedCsvFileName('products', now);
}

export const productCsvExport: CsvExportOptions<Product> = {
  fileName: productsCsvFileName,
  readFailed: { title: { id: 'products.export.failed' }, description: { id: 'products.export.failedDescription' } },
};
