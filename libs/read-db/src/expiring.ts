import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ReadDb } from './connection';
import { containsPattern, searchTextPattern } from './like';

/** A batch with stock that has expired or expires within a window: what the Expiry screen and the daily e-mail list. */
export interface ExpiringBatchRow {
  batchId: string;
  productId: string;
  productName: string;
  productNameAr: string | null;
  productSku: string;
  batchNumber: string;
  quantity: number;
  expiryDate: string;
  /** Negative: expired that many days ago. */
  daysToExpiry: number;
  pharmacyId: string;
  pharmacyName: string;
  discountPercentage: string | null;
  /** The day the expiry scan recorded it as expired; null: not recorded (yet). */
  expiredOn: string | null;
  reservedQuantity: number;
  looseUnits: number;
}

/** Which expiring batches: at the given pharmacies (or all), within `days` of `today`, matching `text` ('' for all). */
export interface ExpiringFilter {
  pharmacyIds: readonly string[] | 'all';
  days: number;
  today: string;
  text?: string;
}

/** How a page of expiring batches is ordered; the batch id breaks ties in the same direction. */
export interface ExpiringOrder {
  key: 'expiry' | 'name' | 'quantity' | 'pharmacy';
  direction: 'asc' | 'desc';
}

/** The three cards of Expiry Management: batches (and their units) expired, not yet, and in all. */
export interface ExpiringTotals {
  expired: number;
  expiringSoon: number;
  total: number;
  expiredUnits: number;
  expiringSoonUnits: number;
  totalUnits: number;
}

/**
 * Batches holding stock that have expired or expire within `days` of
 * `today`, at the given pharmacies (or all), soonest first. The one query
 * behind `GET /api/inventory/expiring` without paging and the daily expiry e-mail.
 */
export async function expiringBatches(
  db: ReadDb,
  options: { pharmacyIds: readonly string[] | 'all'; days: number; today: string },
): Promise<ExpiringBatchRow[]> {
  if (options.pharmacyIds !== 'all' && options.pharmacyIds.length === 0) return [];
  const rows = await selectRows(db, options, []).orderBy('b.expiryDate').orderBy('p.name').orderBy('b.id').execute();
  return rows.map(toRow);
}

/**
 * One page of the expiring batches matching `filter` in `order`, and how many
 * match in all. The first page by expiry walks the index of active batches by
 * expiry date (migration InventoryPages); the search finds the products and
 * pharmacies it names first, so each part of it is an index lookup on the batches.
 */
export async function expiringPage(
  db: ReadDb,
  filter: ExpiringFilter,
  page: { order: ExpiringOrder; limit: number; offset: number },
): Promise<{ rows: ExpiringBatchRow[]; total: number }> {
  if (filter.pharmacyIds !== 'all' && filter.pharmacyIds.length === 0) return { rows: [], total: 0 };
  const conditions = await searchConditions(db, filter.text ?? '');
  const { direction } = page.order;
  const order = {
    expiry: [sql`b.expiry_date`],
    name: [sql`p.name`],
    quantity: [sql`b.quantity`],
    pharmacy: [sql`coalesce(ph.name, 'Unknown Location')`],
  }[page.order.key];
  let rows = selectRows(db, filter, conditions);
  for (const expression of order) rows = rows.orderBy(expression, direction);
  const [found, total] = await Promise.all([
    rows.orderBy('b.id', direction).limit(page.limit).offset(page.offset).execute(),
    conditions.length === 0
      ? calendarWhere(db, filter)
          .select(sql<string>`coalesce(sum(c.stocked), 0)`.as('n'))
          .executeTakeFirstOrThrow()
      : countWhere(db, filter, conditions)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
  ]);
  return { rows: found.map(toRow), total: Number(total.n) };
}

/**
 * Expiry Management's cards over every batch matching `filter` (not one
 * page): expired means no day left (0 or fewer, specification 001 §4).
 */
export async function expiringTotals(db: ReadDb, filter: ExpiringFilter): Promise<ExpiringTotals> {
  if (filter.pharmacyIds !== 'all' && filter.pharmacyIds.length === 0) {
    return { expired: 0, expiringSoon: 0, total: 0, expiredUnits: 0, expiringSoonUnits: 0, totalUnits: 0 };
  }
  const conditions = await searchConditions(db, filter.text ?? '');
  // The same four sums over the calendar's days (a row counts `stocked` batches) or over the batches themselves.
  const [day, batches, units] =
    conditions.length === 0
      ? [sql`c.expiry_date`, sql`c.stocked`, sql`c.units`]
      : [sql`b.expiry_date`, sql`1`, sql`b.quantity`];
  const expired = sql<SqlBool>`${day} <= ${filter.today}::date`;
  const sums = [
    sql<string>`coalesce(sum(${batches}) filter (where ${expired}), 0)`.as('expired'),
    sql<string>`coalesce(sum(${batches}), 0)`.as('total'),
    sql<string>`coalesce(sum(${units}) filter (where ${expired}), 0)`.as('expiredUnits'),
    sql<string>`coalesce(sum(${units}), 0)`.as('totalUnits'),
  ];
  const row =
    conditions.length === 0
      ? await calendarWhere(db, filter).select(sums).executeTakeFirstOrThrow()
      : await countWhere(db, filter, conditions).select(sums).executeTakeFirstOrThrow();
  const totals = {
    expired: Number(row.expired),
    total: Number(row.total),
    expiredUnits: Number(row.expiredUnits),
    totalUnits: Number(row.totalUnits),
  };
  return {
    ...totals,
    expiringSoon: totals.total - totals.expired,
    expiringSoonUnits: totals.totalUnits - totals.expiredUnits,
  };
}

/** Active batches holding units that expire within the window, at the pharmacies of the filter. */
function windowConditions(filter: Pick<ExpiringFilter, 'pharmacyIds' | 'days' | 'today'>): RawBuilder<SqlBool>[] {
  const conditions = [
    sql<SqlBool>`b.is_active`,
    sql<SqlBool>`b.quantity > 0`,
    sql<SqlBool>`b.expiry_date <= ${filter.today}::date + ${filter.days}::int`,
  ];
  if (filter.pharmacyIds !== 'all') {
    conditions.push(sql<SqlBool>`b.pharmacy_id in (${sql.join([...filter.pharmacyIds])})`);
  }
  return conditions;
}

function selectRows(
  db: ReadDb,
  filter: Pick<ExpiringFilter, 'pharmacyIds' | 'days' | 'today'>,
  conditions: RawBuilder<SqlBool>[],
) {
  let query = db
    .selectFrom('inventoryBatches as b')
    .innerJoin('products as p', 'p.id', 'b.productId')
    .leftJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
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
      sql<number>`(b.expiry_date - ${filter.today}::date)`.as('daysToExpiry'),
      'b.discountPercentage',
      'b.expiredOn',
      'b.reservedQuantity',
      'b.looseUnits',
    ]);
  for (const condition of [...windowConditions(filter), ...conditions]) query = query.where(condition);
  return query;
}

/** The batches alone (no join: every batch has its product), for counting and summing. */
function countWhere(
  db: ReadDb,
  filter: Pick<ExpiringFilter, 'pharmacyIds' | 'days' | 'today'>,
  conditions: RawBuilder<SqlBool>[],
) {
  let query = db.selectFrom('inventoryBatches as b');
  for (const condition of [...windowConditions(filter), ...conditions]) query = query.where(condition);
  return query;
}

/**
 * The expiry calendar's days within the window at the pharmacies of the
 * filter (as `c`): the running totals of the batches that `windowConditions`
 * picks (migration StockTotals), a row per pharmacy and day.
 */
function calendarWhere(db: ReadDb, filter: Pick<ExpiringFilter, 'pharmacyIds' | 'days' | 'today'>) {
  let query = db
    .selectFrom('expiryCalendar as c')
    .where(sql<SqlBool>`c.expiry_date <= ${filter.today}::date + ${filter.days}::int`);
  if (filter.pharmacyIds !== 'all') query = query.where('c.pharmacyId', 'in', [...filter.pharmacyIds]);
  return query;
}

/**
 * `text` in the product (its search text: name in either language, generic
 * name, brand, SKU, barcode), the batch number or the pharmacy's name (either
 * language), ignoring case. Products and pharmacies are looked up first
 * (trigram index, 50 rows), so the batches are matched by id.
 */
async function searchConditions(db: ReadDb, text: string): Promise<RawBuilder<SqlBool>[]> {
  if (text === '') return [];
  const pattern = containsPattern(text);
  const [products, pharmacies] = await Promise.all([
    db.selectFrom('products').select('id').where('searchText', 'like', searchTextPattern(text)).execute(),
    db
      .selectFrom('pharmacies')
      .select('id')
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('nameAr', 'ilike', pattern)]))
      .execute(),
  ]);
  const matches: RawBuilder<SqlBool>[] = [sql<SqlBool>`b.batch_number ilike ${pattern}`];
  if (products.length > 0) matches.push(sql<SqlBool>`b.product_id = any(${products.map((p) => p.id)}::uuid[])`);
  if (pharmacies.length > 0) matches.push(sql<SqlBool>`b.pharmacy_id = any(${pharmacies.map((p) => p.id)}::uuid[])`);
  return [sql<SqlBool>`(${sql.join(matches, sql` or `)})`];
}

function toRow<R extends { daysToExpiry: number | string }>(row: R): R & { daysToExpiry: number } {
  return { ...row, daysToExpiry: Number(row.daysToExpiry) };
}
