import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  canonicalId,
  type DailyMetrics,
  type Sale,
  type SaleDetail,
  type SaleLine,
  type SaleReturn,
  type SalesSort,
} from '@pharmacy/contracts';
import { containsPattern, type ReadDb } from '@pharmacy/read-db';
import { inScope, type Scope } from '../catalogue/product.queries';
import { personName } from '../common/person-name';
import { READ_DB } from '../infrastructure/tokens';

const userName = personName('u');

/** Reads of the sales read model (`sales`, `sale_lines`, `sale_items`, `sale_returns`, `daily_sales`). */
@Injectable()
export class SalesQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  private sales(scope: Scope) {
    let query = this.db
      .selectFrom('sales as s')
      .leftJoin('pharmacies as ph', 'ph.id', 's.pharmacyId')
      .leftJoin('users as u', 'u.id', 's.userId')
      .select([
        's.id',
        's.pharmacyId',
        sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
        's.userId',
        userName.as('userName'),
        's.customerName',
        's.customerPhone',
        's.notes',
        's.totalAmount',
        's.cashReceived',
        's.changeGiven',
        's.refundedAmount',
        's.itemCount',
        's.soldAt',
        's.offlineNumber',
        's.recordedAt',
        's.offlineCatalogueAsOf',
        's.offlinePriceStale',
      ]);
    if (scope !== 'all') query = query.where('s.pharmacyId', 'in', inScope(scope));
    return query;
  }

  /** The newest sales first, of a period of business days when one is given. */
  async list(scope: Scope, limit: number, period: { startDate?: string; endDate?: string } = {}): Promise<Sale[]> {
    let query = this.sales(scope);
    for (const condition of periodConditions(period)) query = query.where(condition);
    const rows = await query.orderBy('s.soldAt', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
    return rows.map(toSale);
  }

  /**
   * One page of the sales of a period (business days, both included) that
   * match `text`, in `sort` order (the id breaks ties), and how many match.
   * Without a search the count adds up the daily totals (one row per
   * pharmacy and day) instead of counting millions of sales; a first page
   * walks `sales_recent_idx` (newest) or `sales_total_idx` (amount).
   */
  async page(
    scope: Scope,
    filter: { startDate?: string | undefined; endDate?: string | undefined; text: string },
    page: { sort: SalesSort; limit: number; offset: number },
  ): Promise<{ sales: Sale[]; total: number }> {
    const direction = page.sort.startsWith('-') ? 'desc' : 'asc';
    const order = page.sort.replace(/^-/, '') === 'total' ? sql`s.total_amount` : sql`s.sold_at`;
    let rows = this.sales(scope);
    for (const condition of periodConditions(filter)) rows = rows.where(condition);
    const matching = salesMatching(filter.text);
    if (matching) rows = rows.where(matching);
    const [found, total] = await Promise.all([
      rows.orderBy(order, direction).orderBy('s.id', direction).limit(page.limit).offset(page.offset).execute(),
      matching ? this.countMatching(scope, filter, matching) : this.countAll(scope, filter),
    ]);
    return { sales: found.map(toSale), total };
  }

  /** How many sales a period holds: the orders of its days (written with the sales, in the same transaction). */
  private async countAll(scope: Scope, period: { startDate?: string | undefined; endDate?: string | undefined }) {
    let query = this.db.selectFrom('dailySales').select(sql<string>`coalesce(sum(orders), 0)`.as('n'));
    if (scope !== 'all') query = query.where('pharmacyId', 'in', inScope(scope));
    if (period.startDate) query = query.where('businessDate', '>=', period.startDate);
    if (period.endDate) query = query.where('businessDate', '<=', period.endDate);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  private async countMatching(
    scope: Scope,
    period: { startDate?: string | undefined; endDate?: string | undefined },
    matching: RawBuilder<SqlBool>,
  ) {
    let query = this.db
      .selectFrom('sales as s')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(matching);
    if (scope !== 'all') query = query.where('s.pharmacyId', 'in', inScope(scope));
    for (const condition of periodConditions(period)) query = query.where(condition);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async pharmacyOf(saleId: string): Promise<string | null> {
    const row = await this.db.selectFrom('sales').select('pharmacyId').where('id', '=', saleId).executeTakeFirst();
    return row?.pharmacyId ?? null;
  }

  async detail(saleId: string): Promise<SaleDetail | null> {
    const row = await this.sales('all').where('s.id', '=', saleId).executeTakeFirst();
    if (!row) return null;
    const [lines, items, returns, pharmacy] = await Promise.all([
      this.db.selectFrom('saleLines').selectAll().where('saleId', '=', saleId).orderBy('lineIndex').execute(),
      this.db.selectFrom('saleItems').selectAll().where('saleId', '=', saleId).execute(),
      this.db
        .selectFrom('saleReturns as r')
        .leftJoin('users as u', 'u.id', 'r.userId')
        .select([
          'r.returnId',
          'r.saleId',
          'r.returnedAt',
          'r.reason',
          'r.refundAmount',
          'r.lines',
          userName.as('userName'),
        ])
        .where('r.saleId', '=', saleId)
        .orderBy('r.returnedAt')
        .execute(),
      this.db
        .selectFrom('pharmacies')
        .select(['name', 'nameAr', 'address', 'addressAr', 'phone'])
        .where('id', '=', row.pharmacyId)
        .executeTakeFirst(),
    ]);
    return {
      ...toSale(row),
      offline:
        row.offlineNumber && row.recordedAt && row.offlineCatalogueAsOf
          ? {
              number: row.offlineNumber,
              soldAt: row.soldAt.toISOString(),
              recordedAt: row.recordedAt.toISOString(),
              catalogueAsOf: row.offlineCatalogueAsOf.toISOString(),
              priceStale: row.offlinePriceStale ?? false,
              shortfalls: lines
                .filter((line) => line.shortfall > 0)
                .map((line) => ({
                  lineIndex: line.lineIndex,
                  productId: line.productId,
                  productName: line.productName,
                  quantity: line.shortfall,
                })),
            }
          : null,
      pharmacy: pharmacy ?? { name: 'Unknown Location', nameAr: null, address: '', addressAr: null, phone: null },
      lines: lines.map((line): SaleLine => ({
        lineIndex: line.lineIndex,
        productId: line.productId,
        productName: line.productName,
        productNameAr: line.productNameAr,
        sku: line.sku,
        salesUnit: line.salesUnit,
        unitsPerPackage: line.unitsPerPackage,
        quantity: line.quantity,
        returnedQuantity: line.returnedQuantity,
        unitPrice: trimUnitPrice(line.unitPrice),
        totalPrice: line.totalPrice,
        commissionEnabled: line.commissionEnabled,
        commissionRate: line.commissionRate,
        commissionAmount: line.commissionAmount,
        discountAmount: line.discountAmount,
        allocations: items
          .filter((item) => item.lineIndex === line.lineIndex)
          .map((item) => ({
            batchId: item.batchId,
            batchNumber: item.batchNumber,
            expiryDate: item.expiryDate,
            quantity: item.quantity,
            returnedQuantity: item.returnedQuantity,
            totalPrice: item.totalPrice,
            commissionAmount: item.commissionAmount,
            discountPercentage: item.discountPercentage,
            discountAmount: item.discountAmount,
          })),
      })),
      returns: returns.map((r): SaleReturn => ({
        returnId: r.returnId,
        saleId: r.saleId,
        returnedAt: r.returnedAt.toISOString(),
        reason: r.reason,
        refundAmount: r.refundAmount,
        userName: r.userName,
        lines: r.lines as SaleReturn['lines'],
      })),
    };
  }

  /** Today's sales (net of what was refunded today) and orders, at the pharmacies in scope. */
  async dailyMetrics(scope: Scope, today: string): Promise<DailyMetrics> {
    let query = this.db
      .selectFrom('dailySales')
      .select([
        sql<string>`coalesce(sum(gross_sales - refunds), 0)::numeric(14,2)::text`.as('totalSales'),
        sql<string>`coalesce(sum(orders), 0)`.as('totalOrders'),
      ])
      .where('businessDate', '=', today);
    if (scope !== 'all') query = query.where('pharmacyId', 'in', inScope(scope));
    const row = await query.executeTakeFirstOrThrow();
    return { totalSales: row.totalSales, totalOrders: Number(row.totalOrders) };
  }
}

type SaleRow = Awaited<ReturnType<ReturnType<SalesQueries['sales']>['executeTakeFirstOrThrow']>>;

/**
 * The sales of a period of business days, both included. A sale's business
 * day is the date of its `sold_at` in the pharmacies' time zone, so it was
 * sold within two days of that day either side, whatever the zone: saying so
 * too lets the newest-first index start at the period's end instead of
 * walking every later sale.
 */
function periodConditions(period: { startDate?: string | undefined; endDate?: string | undefined }) {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (period.startDate) {
    conditions.push(sql<SqlBool>`s.sold_on >= ${period.startDate}::date`);
    conditions.push(sql<SqlBool>`s.sold_at >= (${period.startDate}::date - 2)::timestamptz`);
  }
  if (period.endDate) {
    conditions.push(sql<SqlBool>`s.sold_on <= ${period.endDate}::date`);
    conditions.push(sql<SqlBool>`s.sold_at < (${period.endDate}::date + 3)::timestamptz`);
  }
  return conditions;
}

/**
 * A search of the sales: the receipt number (the id's last 8 characters, or
 * their start; a leading '#' is ignored), a whole sale id, or text in the
 * customer's name or phone. Each part has its index (migration SalesAndAuditPaging).
 */
function salesMatching(text: string): RawBuilder<SqlBool> | null {
  const needle = text.trim().replace(/^#/, '').trim();
  if (needle === '') return null;
  const parts: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`lower(coalesce(s.customer_name, '') || ' ' || coalesce(s.customer_phone, '')) like ${containsPattern(needle)}
      and (s.customer_name is not null or s.customer_phone is not null)`,
  ];
  if (/^[0-9a-f]{4,8}$/i.test(needle)) {
    parts.push(sql<SqlBool>`upper(right(s.id::text, 8)) like ${`${needle.toUpperCase()}%`}`);
  }
  if (/^[a-z0-9]{4}-\d{1,6}$/i.test(needle)) {
    parts.push(sql<SqlBool>`s.offline_number = ${needle.toUpperCase()}`);
  }
  const id = canonicalId(needle);
  if (id) parts.push(sql<SqlBool>`s.id = ${id}::uuid`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

function toSale(row: SaleRow): Sale {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    pharmacyName: row.pharmacyName,
    userId: row.userId,
    userName: row.userName,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    notes: row.notes,
    totalAmount: row.totalAmount,
    cashReceived: row.cashReceived,
    change: row.changeGiven,
    refundedAmount: row.refundedAmount,
    itemCount: row.itemCount,
    createdAt: row.soldAt.toISOString(),
    offlineNumber: row.offlineNumber,
  };
}

/** numeric(14,4) comes back as "0.4990": shown as the sale event wrote it ("0.499", "4.99"). */
export function trimUnitPrice(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}
