import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type {
  AvailabilityRow,
  ExpiringBatch,
  FefoItem,
  InventoryBatch,
  LowStockItem,
  ShortageItem,
} from '@pharmacy/contracts';
import { expiringBatches, lowStockProducts, type InventoryBatchesTable, type ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';
import { escapeLike, inScope, type Scope } from '../catalogue/product.queries';

const batchLabels = [
  'p.name as productName',
  'p.nameAr as productNameAr',
  'p.sku as productSku',
  'p.salesUnit',
  'ph.name as pharmacyName',
  'ph.nameAr as pharmacyNameAr',
] as const;

/** Reads of `inventory_batches` joined with the catalogue and the locations. `today` is the pharmacies' date. */
@Injectable()
export class InventoryQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  private batches(scope: Scope) {
    let query = this.db
      .selectFrom('inventoryBatches as b')
      .innerJoin('products as p', 'p.id', 'b.productId')
      .leftJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
      .where('b.isActive', '=', true);
    if (scope !== 'all') query = query.where('b.pharmacyId', 'in', inScope(scope));
    return query;
  }

  async list(scope: Scope): Promise<InventoryBatch[]> {
    const rows = await this.batches(scope)
      .selectAll('b')
      .select(batchLabels)
      .orderBy('b.expiryDate')
      .orderBy('p.name')
      .orderBy('b.id')
      .execute();
    return rows.map((r) => toBatch(r));
  }

  async find(id: string): Promise<InventoryBatch | null> {
    const row = await this.batches('all').selectAll('b').select(batchLabels).where('b.id', '=', id).executeTakeFirst();
    return row ? toBatch(row) : null;
  }

  async pharmacyOf(batchId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('inventoryBatches')
      .select('pharmacyId')
      .where('id', '=', batchId)
      .executeTakeFirst();
    return row?.pharmacyId ?? null;
  }

  /** Batches holding stock that expire within `days` (expired ones included), soonest first. */
  expiring(scope: Scope, days: number, today: string): Promise<ExpiringBatch[]> {
    return expiringBatches(this.db, { pharmacyIds: scope, days, today });
  }

  /** Unexpired batches to sell or move first: the earliest expiry first (FEFO), within 90 days. */
  async fefo(scope: Scope, today: string, limit = 50): Promise<FefoItem[]> {
    const rows = await this.batches(scope)
      .select([
        'b.id as batchId',
        'b.productId',
        'p.name as productName',
        'p.nameAr as productNameAr',
        'b.batchNumber',
        'b.expiryDate',
        'b.quantity',
        'b.pharmacyId',
        sql<number>`(b.expiry_date - ${today}::date)`.as('daysToExpiry'),
      ])
      .where('b.quantity', '>', 0)
      .where(sql<boolean>`b.expiry_date >= ${today}::date`)
      .where(sql<boolean>`b.expiry_date <= ${today}::date + 90`)
      .orderBy('b.expiryDate')
      .orderBy('b.quantity', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, daysToExpiry: Number(r.daysToExpiry) }));
  }

  /** Active products whose units on hand (in scope) are at or below their minimum stock level. */
  lowStock(scope: Scope): Promise<LowStockItem[]> {
    return lowStockProducts(this.db, { pharmacyIds: scope });
  }

  /** Products with unexpired packs at one pharmacy that no pending transfer holds, for a transfer's product picker. */
  async availability(
    pharmacyId: string,
    q: string | undefined,
    today: string,
    productId: string | null = null,
  ): Promise<AvailabilityRow[]> {
    let query = this.db
      .selectFrom('inventoryBatches as b')
      .innerJoin('products as p', 'p.id', 'b.productId')
      .select([
        'p.id as productId',
        'p.name',
        'p.nameAr',
        'p.sku',
        sql<string>`sum(b.quantity - b.reserved_quantity)`.as('availableQty'),
      ])
      .where('b.pharmacyId', '=', pharmacyId)
      .where('b.isActive', '=', true)
      .where(sql<boolean>`b.quantity > b.reserved_quantity`)
      .where(sql<boolean>`b.expiry_date >= ${today}::date`)
      .groupBy(['p.id', 'p.name', 'p.nameAr', 'p.sku'])
      .orderBy('p.name')
      .limit(100);
    if (q) query = query.where('p.searchText', 'ilike', `%${escapeLike(q.toLowerCase())}%`);
    if (productId) query = query.where('p.id', '=', productId);
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, availableQty: Number(r.availableQty) }));
  }

  /**
   * Every active product whose sellable packs (unexpired, not held for a
   * transfer) at an active pharmacy in scope are at or below its minimum
   * stock level, with the other active pharmacy that can spare the most
   * (packs above its own minimum; the earliest expiry breaks a tie).
   */
  async shortages(scope: Scope, today: string): Promise<ShortageItem[]> {
    const inScopeSql =
      scope === 'all' ? sql<boolean>`true` : sql<boolean>`g.pharmacy_id IN (${sql.join(inScope(scope))})`;
    const { rows } = await sql<ShortageRow>`
      WITH stock AS (
        SELECT pharmacy_id, product_id,
               sum(quantity - reserved_quantity) AS sellable,
               min(expiry_date) AS earliest
        FROM inventory_batches
        WHERE is_active AND expiry_date >= ${today}::date AND quantity > reserved_quantity
        GROUP BY pharmacy_id, product_id
      ),
      grid AS (
        SELECT ph.id AS pharmacy_id, ph.name AS pharmacy_name, ph.name_ar AS pharmacy_name_ar,
               p.id AS product_id, p.name AS product_name, p.name_ar AS product_name_ar, p.sku AS product_sku,
               p.min_stock_level, coalesce(s.sellable, 0)::int AS current_stock, s.earliest
        FROM pharmacies ph
        CROSS JOIN products p
        LEFT JOIN stock s ON s.pharmacy_id = ph.id AND s.product_id = p.id
        WHERE ph.is_active AND p.is_active
      ),
      spare AS (
        SELECT pharmacy_id, pharmacy_name, pharmacy_name_ar, product_id, earliest,
               current_stock - min_stock_level AS spare
        FROM grid WHERE current_stock > min_stock_level
      )
      SELECT g.pharmacy_id AS "pharmacyId", g.pharmacy_name AS "pharmacyName", g.pharmacy_name_ar AS "pharmacyNameAr",
             g.product_id AS "productId", g.product_name AS "productName", g.product_name_ar AS "productNameAr",
             g.product_sku AS "productSku", g.min_stock_level AS "minStockLevel", g.current_stock AS "currentStock",
             src.pharmacy_id AS "sourceId", src.pharmacy_name AS "sourceName", src.pharmacy_name_ar AS "sourceNameAr",
             coalesce(src.spare, 0)::int AS "sourceSpare",
             (SELECT count(*) FROM spare o WHERE o.product_id = g.product_id AND o.pharmacy_id <> g.pharmacy_id)::int
               AS "otherLocations"
      FROM grid g
      LEFT JOIN LATERAL (
        SELECT o.pharmacy_id, o.pharmacy_name, o.pharmacy_name_ar, o.spare
        FROM spare o
        WHERE o.product_id = g.product_id AND o.pharmacy_id <> g.pharmacy_id
        ORDER BY o.spare DESC, o.earliest, o.pharmacy_id
        LIMIT 1
      ) src ON true
      WHERE g.min_stock_level > 0 AND g.current_stock <= g.min_stock_level AND ${inScopeSql}
      ORDER BY (g.min_stock_level - g.current_stock) DESC, g.product_name, g.pharmacy_name`.execute(this.db);
    return rows.map(({ sourceId, sourceName, sourceNameAr, sourceSpare, otherLocations, ...r }) => {
      const deficit = r.minStockLevel - r.currentStock;
      const canFulfill = sourceId !== null && sourceSpare >= deficit;
      return {
        ...r,
        deficit,
        suggestedSource: sourceName,
        suggestedSourceId: sourceId,
        suggestedSourceNameAr: sourceNameAr,
        suggestedSourceStock: sourceSpare,
        canFulfill,
        otherLocationsCount: otherLocations,
        status: canFulfill ? 'can_fulfill' : sourceId ? 'partial' : 'no_source',
      };
    });
  }
}

interface ShortageRow {
  pharmacyId: string;
  pharmacyName: string;
  pharmacyNameAr: string | null;
  productId: string;
  productName: string;
  productNameAr: string | null;
  productSku: string;
  minStockLevel: number;
  currentStock: number;
  sourceId: string | null;
  sourceName: string | null;
  sourceNameAr: string | null;
  sourceSpare: number;
  otherLocations: number;
}

function toBatch(
  row: Selectable<InventoryBatchesTable> & {
    productName: string;
    productNameAr: string | null;
    productSku: string;
    salesUnit: InventoryBatch['salesUnit'];
    pharmacyName: string | null;
    pharmacyNameAr: string | null;
  },
): InventoryBatch {
  return {
    id: row.id,
    productId: row.productId,
    pharmacyId: row.pharmacyId,
    batchNumber: row.batchNumber,
    quantity: row.quantity,
    purchasePrice: row.purchasePrice,
    expiryDate: row.expiryDate,
    receivedDate: row.receivedDate,
    isActive: row.isActive,
    productName: row.productName,
    productNameAr: row.productNameAr,
    productSku: row.productSku,
    salesUnit: row.salesUnit,
    pharmacyName: row.pharmacyName ?? 'Unknown Location',
    pharmacyNameAr: row.pharmacyNameAr,
    supplierId: row.supplierId,
    looseUnits: row.looseUnits,
    reservedQuantity: row.reservedQuantity,
    discountPercentage: row.discountPercentage,
    expiredOn: row.expiredOn,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
