import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { pharmacyStreamId, type PharmacyDetails, type PharmacyEvent } from '@pharmacy/domain';
import { PostgresEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { pharmaciesProjection } from '../pharmacies/pharmacies.projection';
import { ProjectionRunner } from './projection-runner';
import { createShadowSchema, dropShadowSchema, replayIntoSchema, verifyProjections } from './shadow';

const details = (name: string): PharmacyDetails => ({
  name,
  nameAr: null,
  address: `${name} Street`,
  addressAr: null,
  phone: null,
  email: null,
  managerId: null,
  isActive: true,
});

/** Read models rebuilt beside the live ones: as of an instant, and verified row by row. */
describe('shadow replays', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  let runner: ProjectionRunner;
  let between: Date;

  const register = async (name: string) => {
    const id = randomUUID();
    const event: PharmacyEvent = { type: 'PharmacyRegistered', data: { pharmacyId: id, details: details(name) } };
    await store.append(
      pharmacyStreamId(id),
      [
        {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            userId: null,
            pharmacyId: id,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    db = createReadDb(createPool(database.url));
    await register('Early');
    await new Promise((resolve) => setTimeout(resolve, 50));
    between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await register('Late');
    runner = new ProjectionRunner(store, db, [pharmaciesProjection]);
    await runner.start();
    for (let i = 0; i < 200; i += 1) {
      const rows = await db.selectFrom('pharmacies').select('name').execute();
      if (rows.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('builds the read models as they stood at an instant into their own schema, leaving the live ones alone', async () => {
    await createShadowSchema(db, 'audit_then', [pharmaciesProjection]);
    const result = await replayIntoSchema(store, db, 'audit_then', [pharmaciesProjection], { recordedBy: between });
    expect(result.events).toBe(1);
    const then = await sql<{ name: string }>`SELECT name FROM audit_then.pharmacies`.execute(db);
    expect(then.rows.map((r) => r.name)).toEqual(['Early']);
    const live = await db.selectFrom('pharmacies').select('name').orderBy('name').execute();
    expect(live.map((r) => r.name)).toEqual(['Early', 'Late']);
    await expect(createShadowSchema(db, 'audit_then', [pharmaciesProjection])).rejects.toThrow(/exists already/);
    await expect(createShadowSchema(db, 'public', [pharmaciesProjection])).rejects.toThrow(/cannot be a replay schema/);
    await dropShadowSchema(db, 'audit_then');
  });

  it('finds no difference in a healthy read model, and every changed or missing row otherwise', async () => {
    const healthy = await verifyProjections(store, db, [pharmaciesProjection], { schema: 'verify_spec' });
    expect(healthy).toMatchObject({ matches: true, eventsReplayed: 2 });
    await db.deleteFrom('pharmacies').where('name', '=', 'Late').execute();
    await db.updateTable('pharmacies').set({ address: 'Tampered' }).where('name', '=', 'Early').execute();
    const broken = await verifyProjections(store, db, [pharmaciesProjection], { schema: 'verify_spec' });
    expect(broken.matches).toBe(false);
    expect(broken.tables).toEqual([
      expect.objectContaining({ table: 'pharmacies', rows: 1, unexpected: 1, missing: 2 }),
    ]);
  });
});
