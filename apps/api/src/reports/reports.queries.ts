import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { CommissionRow, SalesSummary, StockSummary } from '@pharmacy/contracts';
import type { ReadDb } from '@pharmacy/read-db';
import { inScope, type Scope } from '../catalogue/product.queries';
import { personName } from '../common/person-name';
import { READ_DB } from '../infrastructure/tokens';
import { productSums, type Period } from './product-sums';

const TOP_PRODUCTS = 10;

/**
 * The reports' reads. Each reads a projection kept for it (commission lines,
 * sales per pharmacy and day, product sales per day, the batches on hand),
 * never the log, so a period of two years costs the rows of its days.
 */
@Injectable()
export class ReportsQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  /** The specification's commission rows, newest sale first. */
  async commissions(scope: Scope, period: Period): Promise<CommissionRow[]> {
    let query = this.db
      .selectFrom('commissionLines as c')
      .leftJoin('users as u', 'u.id', 'c.userId')
      .select([
        'c.saleId',
        'c.productId',
        personName('u').as('pharmacistName'),
        'u.email as pharmacistEmail',
        'c.productName',
        'c.productSku',
        'c.soldAt',
        'c.quantity',
        'c.salesUnit',
        'c.totalPrice',
        'c.commissionRate',
        'c.commissionAmount',
        'c.pharmacyId',
      ])
      .orderBy('c.soldAt', 'desc')
      .orderBy('c.saleId')
      .orderBy('c.lineIndex');
    if (scope !== 'all') query = query.where('c.pharmacyId', 'in', inScope(scope));
    if (period.startDate) query = query.where('c.soldOn', '>=', period.startDate);
    if (period.endDate) query = query.where('c.soldOn', '<=', period.endDate);
    const rows = await query.execute();
    return rows.map((row) => ({
      saleId: row.saleId,
      productId: row.productId,
      pharmacistName: row.pharmacistName ?? 'Unknown',
      pharmacistEmail: row.pharmacistEmail ?? '',
      productName: row.productName,
      productSku: row.productSku,
      saleDate: row.soldAt.toISOString(),
      quantity: row.quantity,
      salesUnit: row.salesUnit,
      totalPrice: row.totalPrice,
      commissionRate: row.commissionRate,
      commissionAmount: row.commissionAmount,
      pharmacyId: row.pharmacyId,
    }));
  }

  /** Totals, sales per day, per pharmacy and the best-selling products of a period. */
  async salesSummary(scope: Scope, period: Period): Promise<SalesSummary> {
    const daily = () => {
      let query = this.db.selectFrom('dailySales as d');
      if (scope !== 'all') query = query.where('d.pharmacyId', 'in', inScope(scope));
      if (period.startDate) query = query.where('d.businessDate', '>=', period.startDate);
      if (period.endDate) query = query.where('d.businessDate', '<=', period.endDate);
      return query;
    };
    // The best sellers are found before they are named: naming all 20,000 products a chain sells in a
    // month cost more than adding up their sums (docs/benchmarks.md). Ties at the last place come along,
    // for the names to break them as before.
    const best = productSums(this.db, scope, period)
      .orderBy(sql`sum(s.revenue)`, 'desc')
      .fetch(TOP_PRODUCTS, 'with ties');
    const products = this.db
      .selectFrom(best.as('s'))
      .innerJoin('products as p', 'p.id', 's.productId')
      .select([
        's.productId',
        'p.name as productName',
        'p.nameAr as productNameAr',
        'p.sku as productSku',
        's.quantity',
        sql<string>`s.revenue::numeric(16,2)::text`.as('revenue'),
      ])
      .orderBy('s.revenue', 'desc')
      .orderBy('p.name')
      .limit(TOP_PRODUCTS);

    const [totals, perDay, byPharmacy, top] = await Promise.all([
      daily()
        .select([
          sql<string>`coalesce(sum(d.gross_sales - d.refunds), 0)::numeric(14,2)::text`.as('revenue'),
          sql<string>`coalesce(sum(d.refunds), 0)::numeric(14,2)::text`.as('refunds'),
          sql<string>`coalesce(sum(d.orders), 0)`.as('orders'),
          sql<string>`coalesce(round(sum(d.gross_sales - d.refunds) / nullif(sum(d.orders), 0), 2), 0)::numeric(14,2)::text`.as(
            'averageOrder',
          ),
        ])
        .executeTakeFirstOrThrow(),
      daily()
        .select([
          sql<string>`to_char(d.business_date, 'YYYY-MM-DD')`.as('date'),
          sql<string>`sum(d.gross_sales - d.refunds)::numeric(14,2)::text`.as('revenue'),
          sql<string>`sum(d.orders)`.as('orders'),
        ])
        .groupBy('d.businessDate')
        .orderBy('d.businessDate')
        .execute(),
      daily()
        .innerJoin('pharmacies as ph', 'ph.id', 'd.pharmacyId')
        .select([
          'd.pharmacyId',
          'ph.name as pharmacyName',
          'ph.nameAr as pharmacyNameAr',
          sql<string>`sum(d.gross_sales - d.refunds)::numeric(14,2)::text`.as('revenue'),
          sql<string>`sum(d.orders)`.as('orders'),
        ])
        .groupBy(['d.pharmacyId', 'ph.name', 'ph.nameAr'])
        .orderBy(sql`sum(d.gross_sales - d.refunds)`, 'desc')
        .orderBy('ph.name')
        .execute(),
      // Summed by one process: about 50,000 rows (a month's sums and the edge days') are too few to
      // share, but the planner, counting the days' rows as read from disk, started two workers, which
      // made the call slower (sales summary of a chain: p50 122-129 → 76-94 ms, docs/benchmarks.md).
      this.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
        return (await trx.executeQuery(products.compile())).rows;
      }),
    ]);
    return {
      startDate: period.startDate ?? null,
      endDate: period.endDate ?? null,
      totals: {
        revenue: totals.revenue,
        refunds: totals.refunds,
        orders: Number(totals.orders),
        averageOrder: totals.averageOrder,
      },
      perDay: perDay.map((d) => ({ date: d.date, revenue: d.revenue, orders: Number(d.orders) })),
      byPharmacy: byPharmacy.map((p) => ({ ...p, orders: Number(p.orders) })),
      topProducts: top.map((p) => ({ ...p, quantity: Number(p.quantity) })),
    };
  }

  /** What the stock on hand is worth at each pharmacy, and when it expires (by month). */
  async stockSummary(scope: Scope): Promise<StockSummary> {
    const onHand = () => {
      let query = this.db
        .selectFrom('inventoryBatches as b')
        .innerJoin('products as p', 'p.id', 'b.productId')
        .where('b.isActive', '=', true)
        .where('b.quantity', '>', 0);
      if (scope !== 'all') query = query.where('b.pharmacyId', 'in', inScope(scope));
      return query;
    };
    const cost = sql`b.quantity * coalesce(b.purchase_price, p.cost, 0)`;
    const [byPharmacy, byMonth] = await Promise.all([
      onHand()
        .innerJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
        .select([
          'b.pharmacyId',
          'ph.name as pharmacyName',
          'ph.nameAr as pharmacyNameAr',
          sql<string>`sum(b.quantity)`.as('units'),
          sql<string>`sum(${cost})::numeric(16,2)::text`.as('costValue'),
          sql<string>`sum(b.quantity * p.price)::numeric(16,2)::text`.as('retailValue'),
        ])
        .groupBy(['b.pharmacyId', 'ph.name', 'ph.nameAr'])
        .orderBy('ph.name')
        .execute(),
      onHand()
        .select([
          sql<string>`to_char(b.expiry_date, 'YYYY-MM')`.as('month'),
          sql<string>`sum(b.quantity)`.as('units'),
          sql<string>`sum(${cost})::numeric(16,2)::text`.as('costValue'),
        ])
        .groupBy(sql`to_char(b.expiry_date, 'YYYY-MM')`)
        .orderBy(sql`to_char(b.expiry_date, 'YYYY-MM')`)
        .execute(),
    ]);
    return {
      byPharmacy: byPharmacy.map((p) => ({ ...p, units: Number(p.units) })),
      expiryByMonth: byMonth.map((m) => ({ ...m, units: Number(m.units) })),
    };
  }
}
