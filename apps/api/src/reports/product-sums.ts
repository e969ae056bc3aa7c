import { sql, type AliasedSelectQueryBuilder } from 'kysely';
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
  const { startDate, endDate } = period;
  const pharmacyIds = scope === 'all' ? null : inScope(scope);
  /** Rows of product days from `from` to `to` (either open), counted in, or taken away when `minus`. */
  const days = (from: string | undefined, to: string | undefined, minus = false) =>
    db
      .selectFrom('productDailySales')
      .select([
        'productId',
        (minus ? sql<number>`-quantity` : sql<number>`quantity`).as('quantity'),
        (minus ? sql<string>`-revenue` : sql<string>`revenue`).as('revenue'),
      ])
      .$if(pharmacyIds !== null, (q) => q.where('pharmacyId', 'in', pharmacyIds!))
      .$if(from !== undefined, (q) => q.where('businessDate', '>=', from!))
      .$if(to !== undefined, (q) => q.where('businessDate', '<=', to!));

  let rows: AliasedSelectQueryBuilder<{ productId: string; quantity: number; revenue: string }, 's'>;
  if (!startDate && !endDate) {
    rows = (
      scope === 'all'
        ? db.selectFrom('productSalesChain').select(['productId', 'quantity', 'revenue'])
        : db
            .selectFrom('productSalesTotals')
            .select(['productId', 'quantity', 'revenue'])
            .where('pharmacyId', 'in', pharmacyIds!)
    ).as('s');
  } else if (pharmacyIds !== null) {
    rows = days(startDate, endDate).as('s');
  } else {
    const { months, add, subtract } = monthCover(startDate, endDate);
    const dayParts = [...add.map((r) => days(r.from, r.to)), ...subtract.map((r) => days(r.from, r.to, true))];
    const union = months
      ? dayParts.reduce(
          (all, part) => all.unionAll(part),
          db
            .selectFrom('productSalesMonths')
            .select(['productId', 'quantity', 'revenue'])
            .$if(months.from !== undefined, (q) => q.where('month', '>=', months.from!))
            .$if(months.to !== undefined, (q) => q.where('month', '<=', months.to!)),
        )
      : // No whole month: the days alone (none when the start is after the end, which sums no row).
        dayParts.slice(1).reduce((all, part) => all.unionAll(part), dayParts[0] ?? days(startDate, endDate));
    rows = union.as('s');
  }
  return db
    .selectFrom(rows)
    .select(['s.productId', sql<string>`sum(s.quantity)`.as('quantity'), sql<string>`sum(s.revenue)`.as('revenue')])
    .groupBy('s.productId')
    .having(sql`sum(s.quantity)`, '>', 0);
}
