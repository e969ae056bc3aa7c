export type StockStatus = 'outOfStock' | 'lowStock' | 'inStock';

/** Out of stock at 0; low at or below the product's minimum (as the server's low-stock list counts it). */
export function stockStatus(onHand: number, minStockLevel: number): StockStatus {
  if (onHand <= 0) return 'outOfStock';
  if (onHand <= minStockLevel) return 'lowStock';
  return 'inStock';
}
