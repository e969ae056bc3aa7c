import { sql } from 'kysely';
import { foldForSearch } from '@pharmacy/contracts';
import { addDaysIso } from '@pharmacy/domain';
import { expiringBatches, lowStockProducts, searchTextPattern, type ReadDb } from '@pharmacy/read-db';

/**
 * The assistant's only way to know anything: read-only lookups over the read
 * models, within the caller's pharmacies. The model calls them as tools; the
 * local assistant calls them directly. None of them changes anything, and
 * every number an answer gives comes from one of their results.
 */

const LIMIT = 15;

/** Every pharmacy, or these ones. */
export type Scope = 'all' | string[];

/** The ids to filter on (an empty scope matches nothing). */
const inScope = (scope: string[]): string[] => (scope.length > 0 ? scope : ['00000000-0000-0000-0000-000000000000']);

export interface ToolContext {
  scope: Scope;
  today: string;
}

export interface LowStockResult {
  items: Array<{
    productName: string;
    productNameAr: string | null;
    sku: string;
    currentStock: number;
    minStockLevel: number;
  }>;
  total: number;
}

export interface ExpiringResult {
  from: string;
  until: string;
  batches: Array<{
    productName: string;
    productNameAr: string | null;
    sku: string;
    batchNumber: string;
    quantity: number;
    expiryDate: string;
    daysToExpiry: number;
    pharmacyName: string;
    pharmacyNameAr: string | null;
  }>;
  total: number;
}

export interface ProductMatch {
  productId: string;
  name: string;
  nameAr: string | null;
  sku: string;
  barcode: string | null;
  price: string;
}

export interface ProductStockResult {
  product: ProductMatch | null;
  /** Sellable packs (unexpired, not held for transfers) per pharmacy in scope. */
  pharmacies: Array<{
    pharmacyName: string;
    pharmacyNameAr: string | null;
    packs: number;
    nearestExpiry: string | null;
  }>;
  total: number;
}

export interface ProductSalesResult {
  product: ProductMatch | null;
  from: string;
  until: string;
  quantity: number;
  revenue: string;
  byPharmacy: Array<{ pharmacyName: string; pharmacyNameAr: string | null; quantity: number; revenue: string }>;
}

export interface BatchHistoryResult {
  batch: {
    batchNumber: string;
    productName: string;
    productNameAr: string | null;
    pharmacyName: string;
    pharmacyNameAr: string | null;
    expiryDate: string;
    quantity: number;
  } | null;
  /** Newest last. */
  movements: Array<{
    occurredAt: string;
    movement: string;
    quantityChange: number;
    balance: number;
    userName: string | null;
    reference: string | null;
  }>;
}

export class AssistantTools {
  constructor(private readonly db: ReadDb) {}

  /** Active products at or below their minimum stock, fewest packs first. */
  async lowStock({ scope }: ToolContext): Promise<LowStockResult> {
    const rows = await lowStockProducts(this.db, { pharmacyIds: scope });
    return {
      items: rows.slice(0, LIMIT).map((r) => ({
        productName: r.productName,
        productNameAr: r.productNameAr,
        sku: r.productSku,
        currentStock: r.currentStock,
        minStockLevel: r.minStockLevel,
      })),
      total: rows.length,
    };
  }

  /** Batches with packs that expire between today and `days` from now (expired ones too when `includeExpired`). */
  async expiringBatches({ scope, today }: ToolContext, days: number): Promise<ExpiringResult> {
    const window = Math.max(0, Math.min(Math.round(days), 3650));
    const rows = (await expiringBatches(this.db, { pharmacyIds: scope, days: window, today }))
      .filter((b) => b.quantity > 0 && b.daysToExpiry >= 0)
      .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate) || a.productName.localeCompare(b.productName));
    const pharmacies = await this.db.selectFrom('pharmacies').select(['id', 'nameAr']).execute();
    const arabic = new Map(pharmacies.map((p) => [p.id, p.nameAr]));
    return {
      from: today,
      until: addDaysIso(today, window),
      batches: rows.slice(0, LIMIT).map((b) => ({
        productName: b.productName,
        productNameAr: b.productNameAr,
        sku: b.productSku,
        batchNumber: b.batchNumber,
        quantity: b.quantity,
        expiryDate: b.expiryDate,
        daysToExpiry: b.daysToExpiry,
        pharmacyName: b.pharmacyName,
        pharmacyNameAr: arabic.get(b.pharmacyId) ?? null,
      })),
      total: rows.length,
    };
  }

  /** The best catalogue match for a name (English or Arabic), generic name, SKU or barcode (the catalogue is shared by every pharmacy). */
  async findProduct(_context: ToolContext, query: string): Promise<ProductMatch | null> {
    const needle = query.trim().toLowerCase();
    if (!needle) return null;
    const folded = foldForSearch(needle);
    // An exact SKU or barcode first, then the closest name or generic name.
    const best = await this.db
      .selectFrom('products')
      .select(['id as productId', 'name', 'nameAr', 'sku', 'barcode', 'price'])
      .where('isActive', '=', true)
      .where((eb) =>
        eb.or([
          eb('searchText', 'like', searchTextPattern(needle)),
          eb(sql`lower(sku)`, '=', needle),
          eb(sql`lower(barcode)`, '=', needle),
        ]),
      )
      .orderBy(sql`(lower(sku) = ${needle} or lower(barcode) = ${needle})`, 'desc')
      .orderBy(sql`similarity(search_text, ${folded})`, 'desc')
      .orderBy('name')
      .limit(1)
      .executeTakeFirst();
    return best ?? null;
  }

  /** Where a product can be sold from: sellable packs per pharmacy in scope. */
  async productStock(context: ToolContext, query: string): Promise<ProductStockResult> {
    const product = await this.findProduct(context, query);
    if (!product) return { product: null, pharmacies: [], total: 0 };
    let rows = this.db
      .selectFrom('inventoryBatches as b')
      .innerJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
      .select([
        'ph.name as pharmacyName',
        'ph.nameAr as pharmacyNameAr',
        sql<string>`sum(b.quantity - b.reserved_quantity)`.as('packs'),
        sql<string | null>`min(b.expiry_date)::text`.as('nearestExpiry'),
      ])
      .where('b.productId', '=', product.productId)
      .where('b.isActive', '=', true)
      .where('b.quantity', '>', 0)
      .where('b.expiryDate', '>=', context.today)
      .groupBy(['ph.id', 'ph.name', 'ph.nameAr'])
      .orderBy(sql`sum(b.quantity - b.reserved_quantity)`, 'desc')
      .orderBy('ph.name');
    if (context.scope !== 'all') rows = rows.where('b.pharmacyId', 'in', inScope(context.scope));
    const pharmacies = (await rows.execute()).map((r) => ({ ...r, packs: Number(r.packs) })).filter((r) => r.packs > 0);
    return { product, pharmacies, total: pharmacies.reduce((n, p) => n + p.packs, 0) };
  }

  /** Units of a product sold (net of returns) over the last `days` days, today included. */
  async productSales(context: ToolContext, query: string, days: number): Promise<ProductSalesResult> {
    const window = Math.max(1, Math.min(Math.round(days), 3650));
    const from = addDaysIso(context.today, -(window - 1));
    const product = await this.findProduct(context, query);
    if (!product) return { product: null, from, until: context.today, quantity: 0, revenue: '0.00', byPharmacy: [] };
    let rows = this.db
      .selectFrom('productDailySales as s')
      .innerJoin('pharmacies as ph', 'ph.id', 's.pharmacyId')
      .select([
        'ph.name as pharmacyName',
        'ph.nameAr as pharmacyNameAr',
        sql<string>`sum(s.quantity)`.as('quantity'),
        sql<string>`sum(s.revenue)::numeric(14,2)::text`.as('revenue'),
      ])
      .where('s.productId', '=', product.productId)
      .where('s.businessDate', '>=', from)
      .where('s.businessDate', '<=', context.today)
      .groupBy(['ph.id', 'ph.name', 'ph.nameAr'])
      .orderBy(sql`sum(s.quantity)`, 'desc');
    if (context.scope !== 'all') rows = rows.where('s.pharmacyId', 'in', inScope(context.scope));
    const byPharmacy = (await rows.execute()).map((r) => ({ ...r, quantity: Number(r.quantity) }));
    const cents = byPharmacy.reduce((n, p) => n + Math.round(Number(p.revenue) * 100), 0);
    return {
      product,
      from,
      until: context.today,
      quantity: byPharmacy.reduce((n, p) => n + p.quantity, 0),
      revenue: (cents / 100).toFixed(2),
      byPharmacy,
    };
  }

  /** A batch (by its number) and its last movements: received, sold, adjusted, moved, written off. */
  async batchHistory({ scope }: ToolContext, batchNumber: string): Promise<BatchHistoryResult> {
    let found = this.db
      .selectFrom('inventoryBatches as b')
      .innerJoin('products as p', 'p.id', 'b.productId')
      .innerJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
      .select([
        'b.id',
        'b.batchNumber',
        'p.name as productName',
        'p.nameAr as productNameAr',
        'ph.name as pharmacyName',
        'ph.nameAr as pharmacyNameAr',
        sql<string>`b.expiry_date::text`.as('expiryDate'),
        'b.quantity',
      ])
      .where(sql<boolean>`lower(b.batch_number) = lower(${batchNumber.trim()})`)
      .orderBy('b.updatedAt', 'desc')
      .limit(1);
    if (scope !== 'all') found = found.where('b.pharmacyId', 'in', inScope(scope));
    const batch = await found.executeTakeFirst();
    if (!batch) return { batch: null, movements: [] };
    const movements = await this.db
      .selectFrom('stockLedger as l')
      .leftJoin('users as u', 'u.id', 'l.userId')
      .select([
        'l.occurredAt',
        'l.movement',
        'l.quantityChange',
        'l.reference',
        sql<string | null>`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)`.as(
          'userName',
        ),
        sql<string>`sum(l.quantity_change) OVER (ORDER BY l.occurred_at, l.position, l.seq)`.as('balance'),
      ])
      .where('l.batchId', '=', batch.id)
      .orderBy('l.occurredAt')
      .orderBy('l.position')
      .orderBy('l.seq')
      .execute();
    const { id: _id, ...shown } = batch;
    return {
      batch: shown,
      movements: movements
        .filter((m) => m.quantityChange !== 0)
        .slice(-LIMIT)
        .map((m) => ({
          occurredAt: m.occurredAt.toISOString(),
          movement: m.movement,
          quantityChange: m.quantityChange,
          balance: Number(m.balance),
          userName: m.userName,
          reference: m.reference,
        })),
    };
  }
}
