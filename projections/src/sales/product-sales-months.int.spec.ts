import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { createTestDatabase, seededRandom, type TestDatabase } from '@pharmacy/test-harness';

/**
 * The months of `product_daily_sales` (declared by the sales projection, `sales.tables.ts`) against
 * what a `GROUP BY` of the days gives, after each of a few hundred seeded
 * random writes: the projector's upserts of a run of sales (rows inserted and
 * rows updated in one statement), a return's negative upsert, updates of
 * amounts, day (across months), pharmacy and product, updates that change
 * nothing, deletes, and a write rolled back. In the public schema and in a
 * copy under a shadow search_path.
 */
describe('the months of the products’ daily sales', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const pharmacies = ['a', 'b', 'c'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
  const products = ['1', '2', '3', '4'].map((c) => `00000000-0000-4000-9000-00000000000${c}`);
  const days = ['2025-12-31', '2026-01-01', '2026-01-17', '2026-01-31', '2026-02-01', '2026-02-28', '2026-11-28'];

  /** Months as kept, next to months as a GROUP BY of the days gives them, each as sorted text rows. */
  async function compare(): Promise<void> {
    const rows = async (query: string) => (await client.query(query)).rows.map((r) => JSON.stringify(r)).sort();
    expect(
      await rows('SELECT month::text, product_id, days, quantity, revenue::text FROM product_sales_months'),
    ).toEqual(
      await rows(`SELECT date_trunc('month', business_date)::date::text AS month, product_id, count(*)::int AS days,
                         sum(quantity)::int AS quantity, sum(revenue)::numeric(16,2)::text AS revenue
                    FROM product_daily_sales GROUP BY 1, 2`),
    );
  }

  /** A seeded run of random writes to the days the search_path finds, compared after each. */
  async function randomWrites(seed: number, steps: number): Promise<void> {
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const cents = () => (Math.floor(next() * 100_000) / 100).toFixed(2);
    /** What the sales projection writes for a run of sales: new days inserted, days it already has added to. */
    const upsert = (count: number, sign: 1 | -1) => `
      INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
      SELECT DISTINCT ON (1, 2, 3) * FROM (VALUES ${Array.from(
        { length: count },
        () =>
          `('${pick(pharmacies)}'::uuid, '${pick(days)}'::date, '${pick(products)}'::uuid, ${sign * (1 + Math.floor(next() * 9))}, ${sign}::numeric * ${cents()})`,
      ).join(', ')}) AS v
      ON CONFLICT (business_date, pharmacy_id, product_id) DO UPDATE
        SET quantity = product_daily_sales.quantity + excluded.quantity,
            revenue = product_daily_sales.revenue + excluded.revenue`;
    for (let step = 0; step < steps; step += 1) {
      // Up to three day rows, a different few each step.
      const chosen = `(business_date, pharmacy_id, product_id) IN (
        SELECT business_date, pharmacy_id, product_id FROM product_daily_sales
         ORDER BY md5(business_date::text || pharmacy_id::text || product_id::text || '${seed}:${step}') LIMIT 3)`;
      const writes = [
        () => upsert(1, 1),
        () => upsert(1 + Math.floor(next() * 8), 1),
        () => upsert(1 + Math.floor(next() * 8), 1),
        () => upsert(1, -1),
        () => `UPDATE product_daily_sales SET quantity = quantity + ${Math.floor(next() * 7) - 3},
                      revenue = revenue + ${cents()} WHERE ${chosen}`,
        // The rows move to another day (perhaps of another month), or product.
        () => `UPDATE product_daily_sales SET business_date = '${pick(days)}' WHERE ${chosen}`,
        () => `UPDATE product_daily_sales SET product_id = '${pick(products)}' WHERE ${chosen}`,
        () => `UPDATE product_daily_sales SET quantity = quantity WHERE false`,
        () => `DELETE FROM product_daily_sales WHERE ${chosen}`,
      ];
      try {
        await client.query(pick(writes)());
      } catch (error) {
        // A move onto a day row already there is refused, and the statement moves nothing.
        if (!String(error).includes('product_daily_sales_pk')) throw error;
      }
      await compare();
    }
  }

  it('equal a GROUP BY of the days after every kind of write, and keep no empty month', async () => {
    await randomWrites(20261128, 300);
    expect(Number((await client.query('SELECT count(*) AS n FROM product_daily_sales')).rows[0].n)).toBeGreaterThan(0);
    expect(Number((await client.query('SELECT count(*) AS n FROM product_sales_months')).rows[0].n)).toBeGreaterThan(0);
    await client.query('DELETE FROM product_daily_sales');
    await compare();
    expect((await client.query('SELECT count(*)::int AS n FROM product_sales_months')).rows[0].n).toBe(0);
  });

  it('move with their write, and not at all when it is rolled back', async () => {
    await client.query('BEGIN');
    await client.query(`
      INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
      VALUES ('${pharmacies[0]}', '2026-11-28', '${products[0]}', 5, 12.50)`);
    expect((await client.query('SELECT month::text, quantity, revenue::text FROM product_sales_months')).rows).toEqual([
      { month: '2026-11-01', quantity: 5, revenue: '12.50' },
    ]);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM product_sales_months')).rows[0].n).toBe(0);
  });

  it('are kept in a shadow copy of the tables by the copies of the triggers, under its search_path', async () => {
    await client.query('CREATE SCHEMA months_shadow');
    for (const table of ['product_daily_sales', 'product_sales_months']) {
      await client.query(`CREATE TABLE months_shadow.${table} (LIKE public.${table} INCLUDING ALL)`);
    }
    const triggers = await client.query<{ def: string }>(`
      SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
       WHERE t.tgrelid = 'public.product_daily_sales'::regclass AND NOT t.tgisinternal`);
    expect(triggers.rows).toHaveLength(3);
    for (const { def } of triggers.rows) await client.query(def.replace(' ON public.', ' ON months_shadow.'));
    await client.query('SET search_path = months_shadow, public');
    await randomWrites(7, 60);
    await compare();
    await client.query('SET search_path = public');
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect(await count('months_shadow.product_daily_sales')).toBeGreaterThan(0);
    expect(await count('months_shadow.product_sales_months')).toBeGreaterThan(0);
    expect(await count('public.product_daily_sales')).toBe(0);
    expect(await count('public.product_sales_months')).toBe(0);
  });
});
