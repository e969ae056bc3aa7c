import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { PostgresEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness/database';
import { discrepanciesProjection } from '../discrepancies/discrepancies.projection';
import { ProjectionRunner } from '../runner/projection-runner';
import type { Projection } from '../runner/projection';
import { allProjections } from '../registry';
import { installedShapes, installProjectionTables } from './install';
import { fingerprintOf } from './tables';

const columns = async (db: ReadDb, table: string) =>
  (
    await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`.execute(db)
  ).rows.map((row) => row.name);

/** The discrepancies projection with one more column on its table, as a later version would declare it. */
function withNote(version: number): Projection {
  const table = discrepanciesProjection.schema.tables.stock_discrepancies!;
  return {
    ...discrepanciesProjection,
    version,
    schema: {
      ...discrepanciesProjection.schema,
      tables: { stock_discrepancies: table.replace(/\n\s*\)\s*$/, ',\n note text\n)') },
    },
  };
}

describe('the tables each projection declares', () => {
  let database: TestDatabase;
  let db: ReadDb;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url));
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  /** Runs the projector for one projection until its checkpoint is at the head of the log. */
  const projectOnce = async (projection: Projection) => {
    const runner = new ProjectionRunner(store, db, [projection]);
    await runner.start();
    const head = (await store.headPosition())!;
    for (let i = 0; i < 200 && runner.committedPosition(projection.name)?.commit !== head.commit; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await runner.stop();
  };

  it('are made by the preparation of a new database, and recorded with their version and shape', async () => {
    const shapes = await installedShapes(db);
    for (const projection of allProjections) {
      expect(shapes.get(projection.name)).toEqual({
        version: projection.version,
        fingerprint: fingerprintOf(projection.schema),
      });
    }
    expect(await installProjectionTables(db, allProjections)).toEqual({ created: [], toRebuild: [] });
  });

  it('refuses a changed declaration under the same version', async () => {
    await expect(installProjectionTables(db, [withNote(discrepanciesProjection.version)])).rejects.toThrow(
      /projection "discrepancies" are declared differently .* bump its version/,
    );
    expect(await columns(db, 'stock_discrepancies')).not.toContain('note');
  });

  it('leaves a new version to the projector, which rebuilds its tables from the log in the new shape', async () => {
    // An event it does not handle: the projector still moves its checkpoint past it.
    const metadata = {
      userId: null,
      pharmacyId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    await store.append(
      `category-${randomUUID()}`,
      [{ id: randomUUID(), type: 'CategoryDeleted', data: {}, metadata }],
      'any',
    );
    await projectOnce(discrepanciesProjection);
    const next = withNote(discrepanciesProjection.version + 1);
    expect(await installProjectionTables(db, [next])).toEqual({ created: [], toRebuild: ['discrepancies'] });
    expect(await columns(db, 'stock_discrepancies')).not.toContain('note');
    await projectOnce(next);
    expect(await columns(db, 'stock_discrepancies')).toContain('note');
    expect((await installedShapes(db)).get('discrepancies')).toEqual({
      version: next.version,
      fingerprint: fingerprintOf(next.schema),
    });
    expect(await installProjectionTables(db, [next])).toEqual({ created: [], toRebuild: [] });
  });

  it('makes missing tables again, empty, and has the projector fill them from the log', async () => {
    await sql`DROP TABLE stock_discrepancies`.execute(db);
    const result = await installProjectionTables(db, [discrepanciesProjection]);
    expect(result.created).toEqual(['discrepancies']);
    expect(await columns(db, 'stock_discrepancies')).not.toContain('note');
    const { rows } = await sql<{ version: number }>`
      SELECT projection_version AS version FROM projection_checkpoints WHERE name = 'discrepancies'`.execute(db);
    expect(rows).toEqual([{ version: 0 }]);
  });
});
