import { sql } from 'kysely';
import type { ReadDb } from './connection';
import { searchTextPattern } from './like';

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
 * below their minimum, with their stock (`s.units`, null for none) and the
 * columns of a `LowStockRow`: the selection both the list and its pages read.
 * The packs come from the running totals of the batches (migration
 * StockTotals): one row per product for the whole chain, one per pharmacy
 * and product otherwise.
 */
function lowStockSelection(db: ReadDb, pharmacyIds: readonly string[] | 'all') {
  const stock =
    pharmacyIds === 'all'
      ? db.selectFrom('productStock').select(['productId', 'units'])
      : pharmacyIds.length === 1
        ? // One pharmacy has one row per product: nothing to add up.
          db.selectFrom('stockLevels').select(['productId', 'units']).where('pharmacyId', '=', pharmacyIds[0]!)
        : db
            .selectFrom('stockLevels')
            .select(['productId', (eb) => eb.fn.sum<string>('units').as('units')])
            // An empty scope matches no pharmacy: every product then counts zero packs.
            .where(
              'pharmacyId',
              'in',
              pharmacyIds.length > 0 ? [...pharmacyIds] : ['00000000-0000-0000-0000-000000000000'],
            )
            .groupBy('productId');
  return db
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
    .where(sql<boolean>`coalesce(s.units, 0) <= p.min_stock_level`);
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
  const rows = await lowStockSelection(db, options.pharmacyIds)
    .orderBy(sql`coalesce(s.units, 0)`)
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({ ...r, currentStock: Number(r.currentStock) }));
}

/** How a page of low-stock products is ordered; the product id breaks ties in the same direction. */
export interface LowStockOrder {
  key: 'stock' | 'name' | 'sku';
  direction: 'asc' | 'desc';
}

/**
 * One page of `lowStockProducts` (the products whose search text, that is
 * name in either language, generic name, brand, SKU or barcode, contains
 * `text`; all with ''), in `order`, and how many there are in all.
 */
export async function lowStockPage(
  db: ReadDb,
  options: { pharmacyIds: readonly string[] | 'all'; text: string },
  page: { order: LowStockOrder; limit: number; offset: number },
): Promise<{ rows: LowStockRow[]; total: number }> {
  let low = lowStockSelection(db, options.pharmacyIds).select(sql<string>`count(*) over ()`.as('total'));
  if (options.text !== '') {
    low = low.where('p.searchText', 'like', searchTextPattern(options.text));
  }
  const order = { stock: sql`coalesce(s.units, 0)`, name: sql`p.name`, sku: sql`lower(p.sku)` }[page.order.key];
  const rows = await low
    .orderBy(order, page.order.direction)
    .orderBy('p.id', page.order.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // Past the last page no row carries the total: count it then.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page.offset === 0
        ? 0
        : (await lowStockPage(db, options, { ...page, offset: 0, limit: 1 })).total;
  return { rows: rows.map(({ total: _total, ...r }) => ({ ...r, currentStock: Number(r.currentStock) })), total };
}
