import type { InventoryBatch, Product } from '@pharmacy/contracts';

export type StockStatus = 'outOfStock' | 'lowStock' | 'inStock';

export interface StockLocation {
  id: string;
  name: string;
  nameAr: string | null;
}

export interface StockRow {
  product: Product;
  /** Units held, over the batches the caller may see. */
  onHand: number;
  /** Batches still holding units. */
  batchCount: number;
  /** The earliest expiry among them (possibly past: expired stock still on the shelf). */
  nearestExpiry: string | null;
  status: StockStatus;
  /** Where the units are. */
  locations: StockLocation[];
}

/** Out of stock at 0; low at or below the product's minimum (as the server's low-stock list counts it). */
export function stockStatus(onHand: number, minStockLevel: number): StockStatus {
  if (onHand <= 0) return 'outOfStock';
  if (onHand <= minStockLevel) return 'lowStock';
  return 'inStock';
}

/** One row per product, from the product list and the batches; in the order the products come. */
export function buildStockOverview(products: readonly Product[], batches: readonly InventoryBatch[]): StockRow[] {
  const held = new Map<string, InventoryBatch[]>();
  for (const batch of batches) {
    if (!batch.isActive || batch.quantity <= 0) continue;
    const list = held.get(batch.productId);
    if (list) list.push(batch);
    else held.set(batch.productId, [batch]);
  }
  return products.map((product) => {
    const own = held.get(product.id) ?? [];
    const onHand = own.reduce((sum, batch) => sum + batch.quantity, 0);
    const locations = new Map<string, StockLocation>();
    for (const batch of own) {
      locations.set(batch.pharmacyId, { id: batch.pharmacyId, name: batch.pharmacyName, nameAr: batch.pharmacyNameAr });
    }
    const nearestExpiry = own.reduce<string | null>(
      (earliest, batch) => (earliest === null || batch.expiryDate < earliest ? batch.expiryDate : earliest),
      null,
    );
    return {
      product,
      onHand,
      batchCount: own.length,
      nearestExpiry,
      status: stockStatus(onHand, product.minStockLevel),
      locations: [...locations.values()],
    };
  });
}
