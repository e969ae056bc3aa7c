import { sql } from 'kysely';
import type { ReadDb } from './connection';

/** An active product at or below its minimum stock level. */
export interface LowStockRow {
  productId: string;
  productName: string;
  productNameAr: string | null;
  productSku: string;
  minStockLevel: number;
  currentStock: number;
}

/**
 * Active products whose packs at the given pharmacies (or all) are at or
 * below their minimum, fewest first. The one query behind
 * `GET /api/inventory/low-stock` and the assistant's low-stock answers.
 */
export async function lowStockProducts(
  db: ReadDb,
  options: { pharmacyIds: readonly string[] | 'all' },
): Promise<LowStockRow[]> {
  let stock = db
    .selectFrom('inventoryBatches')
    .select(['productId', (eb) => eb.fn.sum<string>('quantity').as('units')])
    .where('isActive', '=', true)
    .groupBy('productId');
  if (options.pharmacyIds !== 'all') {
    // An empty scope matches no pharmacy: every product then counts zero packs.
    stock = stock.where(
      'pharmacyId',
      'in',
      options.pharmacyIds.length > 0 ? [...options.pharmacyIds] : ['00000000-0000-0000-0000-000000000000'],
    );
  }
  const rows = await db
    .selectFrom('products as p')
    .leftJoin(stock.as('s'), 's.productId', 'p.id')
    .select([
      'p.id as productId',
      'p.name as productName',
      'p.nameAr as productNameAr',
      'p.sku as productSku',
      'p.minStockLevel',
      sql<string>`coalesce(s.units, 0)`.as('currentStock'),
    ])
    .where('p.isActive', '=', true)
    .where(sql<boolean>`coalesce(s.units, 0) <= p.min_stock_level`)
    .orderBy(sql`coalesce(s.units, 0)`)
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({ ...r, currentStock: Number(r.currentStock) }));
}
