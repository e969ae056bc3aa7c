import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { createTestDatabase, seededRandom, type TestDatabase } from '@pharmacy/test-harness';

/**
 * The running totals of `inventory_batches` (declared by the inventory projection, `inventory.tables.ts`) against
 * what a `GROUP BY` of the batches gives, after each of a few hundred seeded
 * random writes of every kind the projections make and some they do not:
 * single and multi-row inserts, updates of packs, activity, expiry day,
 * pharmacy and product, updates that change nothing, deletes, and a write
 * rolled back. In the public schema and in a copy under a shadow search_path.
 */
describe('the running totals of the batches', () => {
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
  const days = ['2026-01-01', '2026-06-30', '2026-12-31'];

  /** Totals as kept, next to totals as a GROUP BY of the batches gives them, each as sorted text rows. */
  async function compare(): Promise<void> {
    const rows = async (query: string) => (await client.query(query)).rows.map((r) => JSON.stringify(r)).sort();
    expect(await rows('SELECT pharmacy_id, product_id, batches, units::int, sellable::int FROM stock_levels')).toEqual(
      await rows(`SELECT pharmacy_id, product_id, count(*)::int AS batches, sum(quantity)::int AS units,
                         coalesce(sum(quantity - reserved_quantity) FILTER (WHERE quantity > reserved_quantity), 0)::int
                           AS sellable
                    FROM inventory_batches WHERE is_active GROUP BY 1, 2`),
    );
    expect(await rows('SELECT product_id, batches, units::int FROM product_stock')).toEqual(
      await rows(`SELECT product_id, count(*)::int AS batches, sum(quantity)::int AS units
                    FROM inventory_batches WHERE is_active GROUP BY 1`),
    );
    expect(
      await rows('SELECT pharmacy_id, expiry_date::text, batches, stocked, units::int FROM expiry_calendar'),
    ).toEqual(
      await rows(`SELECT pharmacy_id, expiry_date::text, count(*)::int AS batches,
                         count(*) FILTER (WHERE quantity > 0)::int AS stocked,
                         coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0)::int AS units
                    FROM inventory_batches WHERE is_active GROUP BY 1, 2`),
    );
  }

  /** A seeded run of random writes to the batches the search_path finds, compared after each. */
  async function randomWrites(seed: number, steps: number): Promise<void> {
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let made = 0;
    const batch = () => {
      made += 1;
      return `('${crypto.randomUUID()}', '${pick(products)}', '${pick(pharmacies)}', 'L${made}', ${Math.floor(next() * 6)},
               '${pick(days)}', '2025-12-01', ${next() < 0.9}, now(), now())`;
    };
    const insert = (count: number) => `
      INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, expiry_date, received_date,
                                     is_active, created_at, updated_at)
      VALUES ${Array.from({ length: count }, batch).join(', ')}`;
    for (let step = 0; step < steps; step += 1) {
      // Up to three batches, a different few each step.
      const chosen = `id IN (SELECT id FROM inventory_batches ORDER BY md5(id::text || '${seed}:${step}') LIMIT 3)`;
      const writes = [
        () => insert(1),
        () => insert(1 + Math.floor(next() * 4)),
        () => `UPDATE inventory_batches SET quantity = quantity + ${Math.floor(next() * 7) - 3} WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET quantity = 0 WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET reserved_quantity = ${Math.floor(next() * 4)} WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET is_active = NOT is_active WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET expiry_date = '${pick(days)}' WHERE ${chosen}`,
        () =>
          `UPDATE inventory_batches SET pharmacy_id = '${pick(pharmacies)}', product_id = '${pick(products)}' WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET version = version + 1 WHERE ${chosen}`,
        () => `UPDATE inventory_batches SET quantity = quantity WHERE false`,
        () => `DELETE FROM inventory_batches WHERE ${chosen}`,
      ];
      await client.query(pick(writes)());
      await compare();
    }
  }

  it('equal a GROUP BY of the batches after every kind of write, and keep no empty key', async () => {
    await randomWrites(20261124, 300);
    expect(Number((await client.query('SELECT count(*) AS n FROM inventory_batches')).rows[0].n)).toBeGreaterThan(0);
    // A key whose last active batch went has no row left.
    await client.query('UPDATE inventory_batches SET is_active = false');
    await compare();
    expect((await client.query('SELECT count(*)::int AS n FROM stock_levels')).rows[0].n).toBe(0);
    expect((await client.query('SELECT count(*)::int AS n FROM expiry_calendar')).rows[0].n).toBe(0);
    await client.query('DELETE FROM inventory_batches');
    await compare();
  });

  it('move with their write, and not at all when it is rolled back', async () => {
    await client.query('BEGIN');
    await client.query(`
      INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, expiry_date, received_date,
                                     is_active, created_at, updated_at)
      VALUES ('${crypto.randomUUID()}', '${products[0]}', '${pharmacies[0]}', 'R1', 5, '2026-06-30', '2026-01-01',
              true, now(), now())`);
    expect((await client.query('SELECT units::int FROM product_stock')).rows).toEqual([{ units: 5 }]);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM product_stock')).rows[0].n).toBe(0);
  });

  it('are kept in a shadow copy of the tables by the copies of the triggers, under its search_path', async () => {
    await client.query('CREATE SCHEMA totals_shadow');
    for (const table of ['inventory_batches', 'stock_levels', 'product_stock', 'expiry_calendar']) {
      await client.query(`CREATE TABLE totals_shadow.${table} (LIKE public.${table} INCLUDING ALL)`);
    }
    const triggers = await client.query<{ def: string }>(`
      SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
       WHERE t.tgrelid = 'public.inventory_batches'::regclass AND NOT t.tgisinternal`);
    // The running totals' three (the inventory projection's declared triggers).
    expect(triggers.rows).toHaveLength(3);
    for (const { def } of triggers.rows) await client.query(def.replace(' ON public.', ' ON totals_shadow.'));
    await client.query('SET search_path = totals_shadow, public');
    await randomWrites(7, 60);
    await client.query(`
      INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, expiry_date, received_date,
                                     is_active, created_at, updated_at)
      VALUES ('${crypto.randomUUID()}', '${products[1]}', '${pharmacies[1]}', 'S1', 4, '2026-06-30', '2026-01-01',
              true, now(), now())`);
    await compare();
    await client.query('SET search_path = public');
    // The writes and their totals went to the shadow; the public tables were not touched.
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect(await count('totals_shadow.inventory_batches')).toBeGreaterThan(0);
    expect(await count('totals_shadow.stock_levels')).toBeGreaterThan(0);
    expect(await count('public.inventory_batches')).toBe(0);
    expect(await count('public.stock_levels')).toBe(0);
  });
});
