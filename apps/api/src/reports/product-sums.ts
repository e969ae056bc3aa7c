import { sql, type RawBuilder } from 'kysely';
import type { ReadDb } from '@pharmacy/read-db';
import { inScope, type Scope } from '../catalogue/product.queries';
import { monthCover } from './month-cover';

/** A period of business days, either end open. */
export interface Period {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/**
 * Each product's quantity and revenue over a period, the products sold:
 * all time from the running totals (the chain's, or each pharmacy's); a
 * chain-wide period from its months' sums and the days at its edges
 * (`monthCover`); a period in some pharmacies from their days.
 * Summed per product first and named after: a month of a chain's days is
 * 300,000 rows to add up, and grouping them by the products' names too made
 * each row carry and hash them (docs/benchmarks.md).
 */
export function productSums(db: ReadDb, scope: Scope, period: Period) {
  const summed = (rows: RawBuilder<unknown>) =>
    db
      .selectFrom(rows.as('s') as unknown as 'productSalesChain as s')
      .select(['s.productId', sql<string>`sum(s.quantity)`.as('quantity'), sql<string>`sum(s.revenue)`.as('revenue')])
      .groupBy('s.productId')
      .having(sql`sum(s.quantity)`, '>', 0);
  if (!period.startDate && !period.endDate) {
    return scope === 'all'
      ? summed(sql`product_sales_chain`)
      : summed(sql`(SELECT * FROM product_sales_totals WHERE pharmacy_id = any(${inScope(scope)}::uuid[]))`);
  }
  if (scope !== 'all') {
    return summed(sql`(
      SELECT product_id, quantity, revenue FROM product_daily_sales
       WHERE pharmacy_id = any(${inScope(scope)}::uuid[])
         ${period.startDate ? sql`AND business_date >= ${period.startDate}::date` : sql``}
         ${period.endDate ? sql`AND business_date <= ${period.endDate}::date` : sql``})`);
  }
  const cover = monthCover(period.startDate, period.endDate);
  const parts: RawBuilder<unknown>[] = [];
  if (cover.months) {
    parts.push(sql`SELECT product_id, quantity, revenue FROM product_sales_months WHERE true
      ${cover.months.from ? sql`AND month >= ${cover.months.from}::date` : sql``}
      ${cover.months.to ? sql`AND month <= ${cover.months.to}::date` : sql``}`);
  }
  for (const days of cover.add) {
    parts.push(sql`SELECT product_id, quantity, revenue FROM product_daily_sales
      WHERE business_date BETWEEN ${days.from}::date AND ${days.to}::date`);
  }
  for (const days of cover.subtract) {
    parts.push(sql`SELECT product_id, -quantity AS quantity, -revenue AS revenue FROM product_daily_sales
      WHERE business_date BETWEEN ${days.from}::date AND ${days.to}::date`);
  }
  if (parts.length === 0) parts.push(sql`SELECT product_id, quantity, revenue FROM product_sales_chain WHERE false`);
  return summed(sql`(${sql.join(parts, sql` UNION ALL `)})`);
}
