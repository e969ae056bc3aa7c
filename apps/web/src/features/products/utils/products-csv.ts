import type { Product } from '@pharmacy/contracts';
import { toCsv } from '../../../lib/csv';

export interface ProductsCsvLabels {
  sku: string;
  barcode: string;
  name: string;
  nameAr: string;
  genericName: string;
  brand: string;
  category: string;
  supplier: string;
  price: string;
  cost: string;
  salesUnit: string;
  minStock: string;
  maxStock: string;
  prescription: string;
  status: string;
  yes: string;
  no: string;
  active: string;
  inactive: string;
  /** The sales unit's name in the reader's language. */
  unit(unit: Product['salesUnit']): string;
}

/**
 * The table's products, one row each. Prices stay plain decimals ("12.50")
 * without a currency sign, so a spreadsheet reads them as numbers.
 */
export function buildProductsCsv(products: readonly Product[], labels: ProductsCsvLabels): string {
  const header = [
    labels.sku,
    labels.barcode,
    labels.name,
    labels.nameAr,
    labels.genericName,
    labels.brand,
    labels.category,
    labels.supplier,
    labels.price,
    labels.cost,
    labels.salesUnit,
    labels.minStock,
    labels.maxStock,
    labels.prescription,
    labels.status,
  ];
  const rows = products.map((product) => [
    product.sku,
    product.barcode,
    product.name,
    product.nameAr,
    product.genericName,
    product.brand,
    product.categoryName,
    product.supplierName,
    product.price,
    product.cost,
    labels.unit(product.salesUnit),
    product.minStockLevel,
    product.maxStockLevel,
    product.requiresPrescription ? labels.yes : labels.no,
    product.isActive ? labels.active : labels.inactive,
  ]);
  return toCsv([header, ...rows]);
}

/** `products-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function productsCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `products-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
