import type { Product } from '@pharmacy/contracts';
import { stockStatus, type StockStatus } from './stock-status';

export interface NamedPharmacy {
  id: string;
  name: string;
  nameAr: string | null;
}

/** Specification §2: the selected pharmacy's name; with all locations "Multiple Locations"; "Unknown Location" if it is not found. */
export type OverviewLocation =
  { kind: 'pharmacy'; pharmacy: NamedPharmacy } | { kind: 'multiple' } | { kind: 'unknown' };

export interface OverviewRow {
  product: Product;
  /** Units held in scope. */
  stock: number;
  status: StockStatus;
}

export function overviewLocation(pharmacyId: string | null, pharmacies: readonly NamedPharmacy[]): OverviewLocation {
  if (pharmacyId === null) return { kind: 'multiple' };
  const pharmacy = pharmacies.find((candidate) => candidate.id === pharmacyId);
  return pharmacy ? { kind: 'pharmacy', pharmacy } : { kind: 'unknown' };
}

/** One row per product, in the order the server sent them, with its units on sale in scope (the server's total). */
export function buildOverviewRows(products: readonly Product[]): OverviewRow[] {
  return products.map((product) => ({
    product,
    stock: product.totalStock,
    status: stockStatus(product.totalStock, product.minStockLevel),
  }));
}
