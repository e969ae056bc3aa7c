import type { InventoryBatch } from '@pharmacy/contracts';
import { DEFAULT_MIN_STOCK_LEVEL } from './constants';

export type StockStatus = 'outOfStock' | 'lowStock' | 'inStock';

/**
 * Units per product: the summed quantity of active inventory records, at one
 * pharmacy or (with `pharmacyId` null) at all of them.
 */
export function stockByProduct(
  batches: readonly Pick<InventoryBatch, 'productId' | 'pharmacyId' | 'quantity' | 'isActive'>[],
  pharmacyId: string | null,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const batch of batches) {
    if (!batch.isActive || (pharmacyId !== null && batch.pharmacyId !== pharmacyId)) continue;
    totals.set(batch.productId, (totals.get(batch.productId) ?? 0) + batch.quantity);
  }
  return totals;
}

/** Out of stock at 0 or below; low at or below the product's minimum (10 when it has none); in stock above it. */
export function stockStatus(quantity: number, minStockLevel: number | null | undefined): StockStatus {
  if (quantity <= 0) return 'outOfStock';
  if (quantity <= (minStockLevel ?? DEFAULT_MIN_STOCK_LEVEL)) return 'lowStock';
  return 'inStock';
}
