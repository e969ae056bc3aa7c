import { DEFAULT_MIN_STOCK_LEVEL } from './constants';

export type StockStatus = 'outOfStock' | 'lowStock' | 'inStock';

/** Out of stock at 0 or below; low at or below the product's minimum (10 when it has none); in stock above it. */
export function stockStatus(quantity: number, minStockLevel: number | null | undefined): StockStatus {
  if (quantity <= 0) return 'outOfStock';
  if (quantity <= (minStockLevel ?? DEFAULT_MIN_STOCK_LEVEL)) return 'lowStock';
  return 'inStock';
}
