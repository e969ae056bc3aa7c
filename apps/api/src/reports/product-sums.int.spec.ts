import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, seededRandom, type TestDatabase } from '@pharmacy/test-harness';
import type { Scope } from '../catalogue/product.queries';
import { productSums, type Period } from './product-sums';
import { ReportsQueries } from './reports.queries';

const pharmacies = ['a', 'b', 'c'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
const products = ['1', '2', '3', '4', '5', '6'].map((c) => `00000000-0000-4000-9000-00000000000${c}`);
const DAY = 86_400_000;
const FIRST = Date.parse('2025-10-01T00:00:00Z');
const DAYS = 440; // to 2026-12-14

/**
 * A product's sums over a period read from the months and their edge days
 * (chain-wide) or from the days (some pharmacies) against the plain sum of the
 * days, for seeded random periods over fourteen months of random sales and
 * returns.
 */
describe('the products’ sums over a period', () => {
  let database: TestDatabase;
  let db: ReadDb;
  const next = seededRandom(20261128);
  const day = (index: number) => new Date(FIRST + index * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url, { max: 2 }));
    // Most pharmacy-product days sell; some have more back than sold (a return of an earlier sale).
    const rows: string[] = [];
    for (let d = 0; d < DAYS; d += 1) {
      for (const pharmacy of pharmacies) {
        for (const product of products) {
          if (next() < 0.3) continue;
          const quantity = next() < 0.05 ? -1 - Math.floor(next() * 3) : 1 + Math.floor(next() * 9);
          rows.push(
            `('${pharmacy}', '${day(d)}', '${product}', ${quantity}, ${(quantity * (1 + next() * 40)).toFixed(2)})`,
          );
        }
      }
    }
    // In runs, as the projector writes them, so the triggers keep the months.
    for (let i = 0; i < rows.length; i += 500) {
      await sql
        .raw(
          `INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
           VALUES ${rows.slice(i, i + 500).join(', ')}`,
        )
        .execute(db);
    }
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** Sorted `product:quantity:revenue` of the products sold in a period, as read and as a plain sum of the days. */
  async function both(scope: Scope, period: Period): Promise<[string[], string[]]> {
    const read = await productSums(db, scope, period).execute();
    const plain = await sql<{ productId: string; quantity: string; revenue: string }>`
      SELECT product_id AS "productId", sum(quantity) AS quantity, sum(revenue) AS revenue FROM product_daily_sales
       WHERE (${scope === 'all'} OR pharmacy_id = any(${scope === 'all' ? [] : scope}::uuid[]))
         AND (${period.startDate ?? null}::date IS NULL OR business_date >= ${period.startDate ?? null}::date)
         AND (${period.endDate ?? null}::date IS NULL OR business_date <= ${period.endDate ?? null}::date)
       GROUP BY product_id HAVING sum(quantity) > 0`.execute(db);
    const text = (rows: Array<{ productId: string; quantity: string; revenue: string }>) =>
      rows.map((r) => `${r.productId}:${Number(r.quantity)}:${Number(r.revenue).toFixed(2)}`).sort();
    return [text(read), text(plain.rows)];
  }

  it('equal the plain sum of the days for random periods, chain-wide and in some pharmacies', async () => {
    let periods = 0;
    for (let i = 0; i < 150; i += 1) {
      const a = Math.floor(next() * DAYS) - 10;
      const length = next() < 0.5 ? Math.floor(next() * 70) : Math.floor(next() * 400);
      const open = next();
      const period: Period = {
        startDate: open < 0.1 ? undefined : day(a),
        endDate: open > 0.9 ? undefined : day(a + length),
      };
      const scope: Scope = next() < 0.7 ? 'all' : pharmacies.slice(0, 1 + Math.floor(next() * 2));
      const [read, plain] = await both(scope, period);
      expect({ period, scope, read }).toEqual({ period, scope, read: plain });
      if (plain.length > 0) periods += 1;
    }
    expect(periods).toBeGreaterThan(100);
  });

  it('read the default thirty days, a whole month and a period after the last sale', async () => {
    for (const period of [
      { startDate: '2026-10-30', endDate: '2026-11-28' },
      { startDate: '2026-02-01', endDate: '2026-02-28' },
      { startDate: '2025-10-01', endDate: '2026-12-14' },
      { startDate: '2027-01-01', endDate: '2027-01-31' },
    ]) {
      const [read, plain] = await both('all', period);
      expect(read).toEqual(plain);
    }
    expect((await both('all', { startDate: '2026-02-01', endDate: '2026-02-28' }))[0]).toHaveLength(products.length);
    expect((await both('all', { startDate: '2027-01-01', endDate: '2027-01-31' }))[0]).toEqual([]);
  });

  it('rank the ten best sellers by revenue, ties at the last place broken by name', async () => {
    // June 2027, after the random sales: eight clear best sellers, then five at the same revenue.
    const ranked = Array.from({ length: 13 }, (_, i) => ({
      id: `00000000-0000-4000-a000-0000000000${String(10 + i)}`,
      name: i < 8 ? `Best ${i}` : `Tie ${'EADCB'[i - 8]}`,
      revenue: i < 8 ? 100 - i : 10,
    }));
    for (const p of ranked) {
      await sql`
        INSERT INTO products (id, sku, name, price, sales_unit, units_per_package, commission_rate, commission_enabled,
                              min_stock_level, max_stock_level, requires_prescription, is_active, search_text,
                              created_at, updated_at)
        VALUES (${p.id}, ${p.name}, ${p.name}, 1, 'box', 1, 0, false, 0, 0, false, true, ${p.name}, now(), now())`.execute(
        db,
      );
      await sql`
        INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
        VALUES (${pharmacies[0]}, '2027-06-10', ${p.id}, 1, ${p.revenue})`.execute(db);
    }
    const expected = [...ranked.slice(0, 8).map((p) => p.name), 'Tie A', 'Tie B'];
    const queries = new ReportsQueries(db);
    for (const [scope, period] of [
      ['all', { startDate: '2027-06-01', endDate: '2027-06-30' }],
      ['all', { startDate: '2027-06-10', endDate: '2027-06-10' }],
      [[pharmacies[0]!], { startDate: '2027-05-15', endDate: '2027-06-30' }],
    ] satisfies Array<[Scope, Period]>) {
      const summary = await queries.salesSummary(scope, period);
      expect(summary.topProducts.map((p) => p.productName)).toEqual(expected);
    }
  });
});
