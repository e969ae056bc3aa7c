import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { AvailabilityRow, ExpiringBatch, FefoItem, InventoryBatch, LowStockItem } from '@pharmacy/contracts';
import type { InventoryBatchesTable, ReadDb } from '@pharmacy/read-db';
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
  async expiring(scope: Scope, days: number, today: string): Promise<ExpiringBatch[]> {
    const rows = await this.batches(scope)
      .select([
        'b.id as batchId',
        'b.productId',
        'p.name as productName',
        'p.nameAr as productNameAr',
        'p.sku as productSku',
        'b.batchNumber',
        'b.quantity',
        'b.expiryDate',
        'b.pharmacyId',
        sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
        sql<number>`(b.expiry_date - ${today}::date)`.as('daysToExpiry'),
      ])
      .where('b.quantity', '>', 0)
      .where(sql<boolean>`b.expiry_date <= ${today}::date + ${days}::int`)
      .orderBy('b.expiryDate')
      .orderBy('p.name')
      .execute();
    return rows.map((r) => ({ ...r, daysToExpiry: Number(r.daysToExpiry) }));
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
  async lowStock(scope: Scope): Promise<LowStockItem[]> {
    let stock = this.db
      .selectFrom('inventoryBatches')
      .select(['productId', (eb) => eb.fn.sum<string>('quantity').as('units')])
      .where('isActive', '=', true)
      .groupBy('productId');
    if (scope !== 'all') stock = stock.where('pharmacyId', 'in', inScope(scope));
    const rows = await this.db
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

  /** Products with unexpired units at one pharmacy, for a transfer's product picker. */
  async availability(pharmacyId: string, q: string | undefined, today: string): Promise<AvailabilityRow[]> {
    let query = this.db
      .selectFrom('inventoryBatches as b')
      .innerJoin('products as p', 'p.id', 'b.productId')
      .select([
        'p.id as productId',
        'p.name',
        'p.nameAr',
        'p.sku',
        (eb) => eb.fn.sum<string>('b.quantity').as('availableQty'),
      ])
      .where('b.pharmacyId', '=', pharmacyId)
      .where('b.isActive', '=', true)
      .where('b.quantity', '>', 0)
      .where(sql<boolean>`b.expiry_date >= ${today}::date`)
      .groupBy(['p.id', 'p.name', 'p.nameAr', 'p.sku'])
      .orderBy('p.name')
      .limit(100);
    if (q) query = query.where('p.searchText', 'ilike', `%${escapeLike(q.toLowerCase())}%`);
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, availableQty: Number(r.availableQty) }));
  }
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
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
