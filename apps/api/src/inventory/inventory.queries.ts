import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import {
  expiryStatuses,
  URGENT_BATCH_LIMIT,
  type AvailabilityRow,
  type ExpirySummary,
  type ExpiryStatus,
  type FefoItem,
  type InventoryBatch,
  type InventorySort,
  type StockOverviewRow,
  type StockOverviewSort,
} from '@pharmacy/contracts';
import { containsPattern, searchTextPattern, type InventoryBatchesTable, type ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';
import { inScope, type Scope } from '../catalogue/product.queries';
import { hasTrigrams, preferIndexes } from '../common/index-scans';

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

  /**
   * One page of the active batches in scope that match `filter`, in `sort`
   * order with the id breaking ties, and how many match in all.
   */
  async page(
    scope: Scope,
    filter: BatchFilter,
    options: { sort: InventorySort; limit: number; offset: number },
    today: string,
  ): Promise<{ batches: InventoryBatch[]; total: number }> {
    const conditions = await this.conditions(filter, today);
    const [batches, total] = await Promise.all([
      this.rows(scope, conditions, options),
      this.count(scope, filter, conditions, today),
    ]);
    return { batches, total };
  }

  /**
   * How many active batches in scope match `filter` (with its `conditions`).
   * Without a search, from the expiry calendar's running totals (a row per
   * pharmacy and day, not per batch); with one, from `inventory_batches` alone
   * (the search resolves product and location names to ids first).
   */
  private async count(scope: Scope, filter: BatchFilter, conditions: RawBuilder<SqlBool>[], today: string) {
    if (filter.text === '') {
      let calendar = this.db
        .selectFrom('expiryCalendar as b')
        .select(sql<string>`coalesce(sum(${filter.inStock ? sql`b.stocked` : sql`b.batches`}), 0)`.as('n'));
      if (scope !== 'all') calendar = calendar.where('b.pharmacyId', 'in', inScope(scope));
      if (filter.statuses.length > 0) calendar = calendar.where(expiryRangeSql(expiryRanges(filter.statuses), today));
      return Number((await calendar.executeTakeFirstOrThrow()).n);
    }
    let count = this.db
      .selectFrom('inventoryBatches as b')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('b.isActive', '=', true);
    if (scope !== 'all') count = count.where('b.pharmacyId', 'in', inScope(scope));
    for (const condition of conditions) count = count.where(condition);
    return Number((await count.executeTakeFirstOrThrow()).n);
  }

  private async rows(
    scope: Scope,
    conditions: RawBuilder<SqlBool>[],
    options: { sort: InventorySort; limit: number; offset: number },
  ): Promise<InventoryBatch[]> {
    const direction = options.sort.startsWith('-') ? 'desc' : 'asc';
    const key = options.sort.replace(/^-/, '') as 'expiry' | 'product' | 'batch' | 'quantity' | 'received';
    // Each order has an index to walk (migration InventoryPages), so a first page reads 50 rows, not 500,000;
    // by product it walks the products by name and each one's batches.
    const order = {
      expiry: [sql`b.expiry_date`],
      product: [sql`p.name`, sql`b.product_id`],
      batch: [sql`b.batch_number`],
      quantity: [sql`b.quantity`],
      received: [sql`b.received_date`],
    }[key];
    let query = this.batches(scope).selectAll('b').select(batchLabels);
    for (const condition of conditions) query = query.where(condition);
    for (const expression of order) query = query.orderBy(expression, direction);
    const rows = await query.orderBy('b.id', direction).limit(options.limit).offset(options.offset).execute();
    return rows.map((r) => toBatch(r));
  }

  /**
   * Expiry Tracking's cards and urgent banner: over every batch in scope that
   * holds units and matches the search (not one page), the units in each
   * expiry band, and the first expired or critical batches, earliest expiry first.
   */
  async expirySummary(
    scope: Scope,
    filter: Pick<BatchFilter, 'text' | 'matchLocation'>,
    today: string,
  ): Promise<ExpirySummary> {
    const conditions = await this.conditions({ ...filter, statuses: [], inStock: true }, today);
    // Without a search, the units come from the expiry calendar's running totals (packs per pharmacy and day).
    const units = filter.text === '' ? sql`b.units` : sql`b.quantity`;
    const band = (status: ExpiryStatus) =>
      sql<string>`coalesce(sum(${units}) filter (where ${expiryRangeSql(expiryRanges([status]), today)}), 0)`;
    const bands = expiryStatuses.map((status) => band(status).as(status));
    let totals =
      filter.text === ''
        ? this.db.selectFrom('expiryCalendar as b').select(bands)
        : this.db
            .selectFrom('inventoryBatches as b')
            .select(bands)
            .where('b.isActive', '=', true)
            .where((eb) => eb.and(conditions));
    if (scope !== 'all') totals = totals.where('b.pharmacyId', 'in', inScope(scope));
    const urgentConditions = [...conditions, expiryRangeSql(expiryRanges(['expired', 'critical']), today)];
    const [sums, urgent] = await Promise.all([
      totals.executeTakeFirstOrThrow(),
      this.rows(scope, urgentConditions, { sort: 'expiry', limit: URGENT_BATCH_LIMIT, offset: 0 }),
    ]);
    return {
      units: {
        expired: Number(sums.expired),
        critical: Number(sums.critical),
        soon: Number(sums.soon),
        expiring: Number(sums.expiring),
        good: Number(sums.good),
      },
      urgent,
    };
  }

  /**
   * The conditions of `filter` on `inventory_batches as b`. The search first finds the products (name
   * in either language, through the trigram index on their search text) and
   * locations it names, so each part is an index lookup on the batches.
   */
  private async conditions(filter: BatchFilter, today: string): Promise<RawBuilder<SqlBool>[]> {
    const conditions: RawBuilder<SqlBool>[] = [];
    if (filter.text !== '') {
      const pattern = containsPattern(filter.text);
      const folded = searchTextPattern(filter.text);
      const [products, pharmacies] = await Promise.all([
        // Through the trigram index of the search text (the planner would read all 20,000 products).
        preferIndexes(this.db, hasTrigrams(filter.text), (db) =>
          db
            .selectFrom('products')
            .select('id')
            .where('searchText', 'like', folded)
            .where(sql<SqlBool>`(fold_for_search(name) like ${folded} or fold_for_search(name_ar) like ${folded})`)
            .execute(),
        ),
        filter.matchLocation
          ? this.db
              .selectFrom('pharmacies')
              .select('id')
              .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('nameAr', 'ilike', pattern)]))
              .execute()
          : Promise.resolve([]),
      ]);
      const matches: RawBuilder<SqlBool>[] = [sql<SqlBool>`b.batch_number ilike ${pattern}`];
      if (products.length > 0) matches.push(sql<SqlBool>`b.product_id = any(${products.map((p) => p.id)}::uuid[])`);
      if (pharmacies.length > 0) {
        matches.push(sql<SqlBool>`b.pharmacy_id = any(${pharmacies.map((p) => p.id)}::uuid[])`);
      }
      conditions.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
    }
    if (filter.statuses.length > 0) conditions.push(expiryRangeSql(expiryRanges(filter.statuses), today));
    if (filter.inStock) conditions.push(sql<SqlBool>`b.quantity > 0`);
    return conditions;
  }

  /**
   * Inventory → Overview: one page of the products whose name (either
   * language), generic name, brand, SKU or barcode contains `text`, each with
   * the units, batches, earliest expiry and locations of the active batches
   * in scope that hold units; and how many products match.
   */
  async overview(
    scope: Scope,
    options: { text: string; sort: StockOverviewSort; limit: number; offset: number },
  ): Promise<{ rows: StockOverviewRow[]; total: number }> {
    const direction = options.sort.startsWith('-') ? 'desc' : 'asc';
    const key = options.sort.replace(/^-/, '') as 'name' | 'nameAr' | 'sku';
    const order = {
      name: sql`p.name`,
      nameAr: sql`coalesce(p.name_ar, p.name)`,
      sku: sql`lower(p.sku)`,
    }[key];
    const inScopeSql =
      scope === 'all' ? sql<boolean>`true` : sql<boolean>`b.pharmacy_id in (${sql.join(inScope(scope))})`;
    const pattern = searchTextPattern(options.text);
    let rows = this.db
      .selectFrom('products as p')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('inventoryBatches as b')
            .select([
              sql<number>`coalesce(sum(b.quantity), 0)::int`.as('onHand'),
              sql<number>`count(*)::int`.as('batchCount'),
              sql<string | null>`min(b.expiry_date)`.as('nearestExpiry'),
              sql<string[] | null>`array_agg(distinct b.pharmacy_id)::text[]`.as('pharmacyIds'),
            ])
            .whereRef('b.productId', '=', 'p.id')
            .where('b.isActive', '=', true)
            .where('b.quantity', '>', 0)
            .where(inScopeSql)
            .as('s'),
        (join) => join.onTrue(),
      )
      .select([
        'p.id as productId',
        'p.name',
        'p.nameAr',
        'p.sku',
        'p.minStockLevel',
        'p.isActive',
        's.onHand',
        's.batchCount',
        's.nearestExpiry',
        's.pharmacyIds',
      ]);
    let count = this.db.selectFrom('products as p').select((eb) => eb.fn.countAll<string>().as('n'));
    if (options.text !== '') {
      rows = rows.where('p.searchText', 'like', pattern);
      count = count.where('p.searchText', 'like', pattern);
    }
    // A search reads the trigram index of the search text, not every product.
    const indexed = hasTrigrams(options.text);
    const [page, total, pharmacies] = await Promise.all([
      preferIndexes(this.db, indexed, (db) =>
        db.executeQuery(
          rows.orderBy(order, direction).orderBy('p.id', direction).limit(options.limit).offset(options.offset),
        ),
      ).then((result) => result.rows),
      preferIndexes(this.db, indexed, (db) => db.executeQuery(count)).then((result) => result.rows[0]!),
      this.db.selectFrom('pharmacies').select(['id', 'name', 'nameAr']).execute(),
    ]);
    const named = new Map(pharmacies.map((pharmacy) => [pharmacy.id, pharmacy]));
    return {
      rows: page.map(({ pharmacyIds, ...row }) => ({
        ...row,
        onHand: Number(row.onHand),
        batchCount: Number(row.batchCount),
        locations: (pharmacyIds ?? [])
          .map((id) => named.get(id) ?? { id, name: 'Unknown Location', nameAr: null })
          .sort((a, b) => a.name.localeCompare(b.name)),
      })),
      total: Number(total.n),
    };
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
    if (q) query = query.where('p.searchText', 'like', searchTextPattern(q));
    if (productId) query = query.where('p.id', '=', productId);
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, availableQty: Number(r.availableQty) }));
  }
}

/** What a page of batches is narrowed to. */
export interface BatchFilter {
  /** Contained in the product's name (either language) or the batch number, ignoring case; '' for any. */
  text: string;
  /** The search also matches the location's name (either language). */
  matchLocation: boolean;
  /** Expiry bands to keep; none: every band. */
  statuses: readonly ExpiryStatus[];
  /** Only batches holding units. */
  inStock: boolean;
}

/** Days from today of each expiry band, both ends included; null: open-ended (specification 001 §4). */
const bandDays: Record<ExpiryStatus, [number | null, number | null]> = {
  expired: [null, -1],
  critical: [0, 7],
  soon: [8, 30],
  expiring: [31, 60],
  good: [61, null],
};

/** The bands as few day ranges as possible: neighbouring bands make one range (one index range scan). */
export function expiryRanges(statuses: readonly ExpiryStatus[]): Array<[number | null, number | null]> {
  const ranges: Array<[number | null, number | null]> = [];
  for (const status of expiryStatuses) {
    if (!statuses.includes(status)) continue;
    const [from, to] = bandDays[status];
    const last = ranges[ranges.length - 1];
    if (last && last[1] !== null && from !== null && last[1] + 1 === from) last[1] = to;
    else ranges.push([from, to]);
  }
  return ranges;
}

function expiryRangeSql(ranges: Array<[number | null, number | null]>, today: string): RawBuilder<SqlBool> {
  const parts = ranges.map(([from, to]) => {
    const bounds = [
      ...(from === null ? [] : [sql`b.expiry_date >= ${today}::date + ${from}::int`]),
      ...(to === null ? [] : [sql`b.expiry_date <= ${today}::date + ${to}::int`]),
    ];
    return bounds.length === 0 ? sql`true` : sql`(${sql.join(bounds, sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
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
