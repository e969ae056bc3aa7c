import type { InventoryBatch, Product } from '@pharmacy/contracts';
import { paginate, type PageWindow } from '../../../lib/pagination';
import { TABLE_PAGE_SIZE } from './constants';
import { stockByProduct, stockStatus, type StockStatus } from './stock-status';

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

/** One row per product, in the order the server sent them, with stock from the inventory records in scope. */
export function buildOverviewRows(
  products: readonly Product[],
  batches: readonly InventoryBatch[],
  pharmacyId: string | null,
): OverviewRow[] {
  const stock = stockByProduct(batches, pharmacyId);
  return products.map((product) => {
    const units = stock.get(product.id) ?? 0;
    return { product, stock: units, status: stockStatus(units, product.minStockLevel) };
  });
}

/** Ten rows a page (specification §9). */
export function overviewPage(rows: readonly OverviewRow[], page: number): PageWindow<OverviewRow> {
  return paginate(rows, page, TABLE_PAGE_SIZE);
}
