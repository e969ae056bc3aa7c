import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { PostgresEventStore, type NewEvent } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { allProjections } from '../registry';
import { inventoryProjection } from '../inventory/inventory.projection';
import { ownedTables } from './projection';
import { salesProjection } from '../sales/sales.projection';
import { keepShortagesFor } from '../shortages/shortages.projection';
import { lowestCheckpoint, readCheckpoints } from './checkpoints';
import { rebuildProjections } from './full-rebuild';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection } from './rebuild';
import { createShadowSchema, dropShadowSchema, replayIntoSchema, verifyProjections } from './shadow';

/**
 * Rebuilds of the read models, on the log of every event type as first
 * written (test/fixtures/event-log.v1.json): a rebuild or a replay never
 * touches a live table it does not own, and the full rebuild into a shadow
 * schema swaps in exactly what the projector would have written, with the
 * same indexes, while the product keeps reading.
 */
type FixtureEvent = NewEvent & { streamId: string };
const log = JSON.parse(
  readFileSync(join(__dirname, '../../../test/fixtures/event-log.v1.json'), 'utf8'),
) as FixtureEvent[];

/** Read-model tables, apart from the projector's own bookkeeping and what commands write. */
async function readModelTables(db: ReadDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     ORDER BY table_name`.execute(db);
  const owned = new Set(allProjections.filter((p) => !p.derivedFrom).flatMap(ownedTables));
  // Tables a projection writes without listing them would be left out here: list by prefix too.
  return rows.rows.map((r) => r.name).filter((name) => owned.has(name) || name.startsWith('product_sales'));
}

/** A fingerprint of every read-model table's rows, leaving out columns PostgreSQL fills in itself. */
async function fingerprint(db: ReadDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await readModelTables(db)) {
    const columns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = ${table}
         AND coalesce(column_default, '') !~* '(now\\(\\)|nextval|random|clock_timestamp|current_timestamp)'
       ORDER BY ordinal_position`.execute(db);
    const list = sql.join(columns.rows.map((c) => sql.id(c.name)));
    const result = await sql<{ digest: string | null; n: string }>`
      SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest, count(*)::text AS n
        FROM (SELECT ${list} FROM ${sql.id('public', table)}) r`.execute(db);
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.digest ?? ''}`;
  }
  return out;
}

async function indexDefinitions(db: ReadDb): Promise<string[]> {
  const rows = await sql<{ def: string }>`
    SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`.execute(db);
  return rows.rows.map((r) => r.def);
}

async function triggerDefinitions(db: ReadDb): Promise<string[]> {
  const rows = await sql<{ def: string }>`
    SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal ORDER BY t.tgname`.execute(db);
  return rows.rows.map((r) => r.def);
}

async function schemas(db: ReadDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT schema_name AS name FROM information_schema.schemata
     WHERE schema_name NOT LIKE 'pg\\_%' AND schema_name <> 'information_schema' ORDER BY 1`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe('rebuilding the read models', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  let live: Record<string, string>;

  const caughtUp = async () => {
    const head = (await store.headPosition())!.commit;
    for (let i = 0; i < 400; i += 1) {
      if (
        (await lowestCheckpoint(
          db,
          allProjections.map((p) => p.name),
        )) === head
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the projector did not reach the head of the log');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    db = createReadDb(createPool(database.url));
    for (const { streamId, ...event } of log) await store.append(streamId, [event], 'any');
    const runner = new ProjectionRunner(store, db, allProjections);
    await runner.start();
    await caughtUp();
    await runner.stop();
    live = await fingerprint(db);
    expect(Number(live.sales!.split(':')[0])).toBeGreaterThan(0);
    expect(Number(live.product_sales_chain!.split(':')[0])).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('replays into a shadow schema without writing a single live row', async () => {
    await createShadowSchema(db, 'replay_spec', allProjections);
    try {
      await replayIntoSchema(store, db, 'replay_spec', allProjections);
      expect(await fingerprint(db)).toEqual(live);
    } finally {
      await dropShadowSchema(db, 'replay_spec');
    }
  });

  it('rebuilds one projection in place to what the projector wrote, its roll-ups included', async () => {
    await rebuildProjection(store, db, salesProjection);
    expect(await fingerprint(db)).toEqual(live);
  });

  it('forgets the shortages kept as rows when it rebuilds what they are counted from; filled again, they are as before', async () => {
    const kept = async () => ({
      day: (await sql<{ day: string }>`SELECT as_of::text AS day FROM shortage_day`.execute(db)).rows,
      rows: (await sql`SELECT * FROM shortages ORDER BY pharmacy_id, product_id`.execute(db)).rows,
      sources: (await sql`SELECT * FROM shortage_sources ORDER BY product_id`.execute(db)).rows,
      counts: (await sql`SELECT * FROM shortage_counts ORDER BY pharmacy_id`.execute(db)).rows,
    });
    await keepShortagesFor(db, '2026-06-15');
    const before = await kept();
    expect(before.day).toHaveLength(1);
    expect(before.rows.length).toBeGreaterThan(0);
    await rebuildProjection(store, db, salesProjection);
    expect((await kept()).day).toEqual(before.day);
    await rebuildProjection(store, db, inventoryProjection);
    expect((await kept()).day).toEqual([]);
    await keepShortagesFor(db, before.day[0]!.day);
    expect(await kept()).toEqual(before);
    await rebuildProjections(store, db, allProjections);
    expect((await kept()).day).toEqual([]);
    await keepShortagesFor(db, before.day[0]!.day);
    expect(await kept()).toEqual(before);
  });

  it('rebuilds every projection into a shadow schema and swaps it in, with the same indexes and triggers, while reads go on', async () => {
    const indexesBefore = await indexDefinitions(db);
    const triggersBefore = await triggerDefinitions(db);
    expect(triggersBefore.length).toBeGreaterThan(0);
    const schemasBefore = await schemas(db);
    // Someone keeps reading the product while it rebuilds: no read may fail.
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        await sql`SELECT count(*) FROM sales JOIN sale_lines ON sale_lines.sale_id = sales.id`.execute(db);
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const phases = new Set<string>();
    const result = await rebuildProjections(store, db, allProjections, {
      batchSize: 7,
      onProgress: (progress) => {
        phases.add(progress.phase);
      },
    });
    reading = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect([...phases]).toEqual(expect.arrayContaining(['replay', 'indexes', 'swap']));
    expect(result.events).toBe(log.length);
    expect(await fingerprint(db)).toEqual(live);
    expect(await indexDefinitions(db)).toEqual(indexesBefore);
    // The running totals' triggers came with the new tables: the next batch written moves them.
    expect(await triggerDefinitions(db)).toEqual(triggersBefore);
    expect(await schemas(db)).toEqual(schemasBefore);
    const head = (await store.headPosition())!;
    const checkpoints = await readCheckpoints(
      db,
      allProjections.map((p) => p.name),
    );
    expect([...checkpoints.values()].map((p) => p.commit)).toEqual(allProjections.map(() => head.commit));
    const verified = await verifyProjections(store, db, allProjections, { schema: 'verify_full_rebuild' });
    expect(verified.matches).toBe(true);
  });

  it('takes in the events appended while it replays, before it swaps', async () => {
    const deleted = new Set(
      log.filter((e) => e.type === 'PharmacyDeleted').map((e) => (e.data as { pharmacyId: string }).pharmacyId),
    );
    const pharmacy = log.find(
      (e) => e.type === 'PharmacyRegistered' && !deleted.has((e.data as { pharmacyId: string }).pharmacyId),
    )!;
    let appended = false;
    const result = await rebuildProjections(store, db, allProjections, {
      batchSize: 10,
      onProgress: async (progress) => {
        if (appended || progress.phase !== 'replay') return;
        appended = true;
        const data = pharmacy.data as { pharmacyId: string; details: { address: string } };
        await store.append(
          pharmacy.streamId,
          [
            {
              ...pharmacy,
              id: '0b3f4c8e-9d1a-4c6e-8f2a-5e7d9c1b3a01',
              type: 'PharmacyDetailsChanged',
              data: {
                pharmacyId: data.pharmacyId,
                changes: { address: 'Moved during the rebuild' },
                previous: { address: data.details.address },
              },
            },
          ],
          'any',
        );
      },
    });
    expect(appended).toBe(true);
    expect(result.events).toBe(log.length + 1);
    const row = await db
      .selectFrom('pharmacies')
      .select('address')
      .where('id', '=', (pharmacy.data as { pharmacyId: string }).pharmacyId)
      .executeTakeFirstOrThrow();
    expect(row.address).toBe('Moved during the rebuild');
    const verified = await verifyProjections(store, db, allProjections, { schema: 'verify_after_append' });
    expect(verified.matches).toBe(true);
  });
});
