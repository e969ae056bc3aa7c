import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pharmacyStreamId, type PharmacyDetails, type PharmacyEvent } from '@pharmacy/domain';
import { PostgresEventStore, type NewEvent } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { pharmaciesProjection } from '../pharmacies/pharmacies.projection';
import { readCheckpoint } from './checkpoints';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection } from './rebuild';

const envelope = (event: PharmacyEvent, occurredAt = new Date()): NewEvent => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: {
    userId: null,
    pharmacyId: null,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: occurredAt.toISOString(),
  },
});

const details = (n: number): PharmacyDetails => ({
  name: `Pharmacy ${n}`,
  nameAr: `صيدلية ${n}`,
  address: `${n} Main Street`,
  addressAr: null,
  phone: null,
  email: null,
  managerId: null,
  isActive: true,
});

async function tableRows(db: ReadDb) {
  return db.selectFrom('pharmacies').selectAll().orderBy('id').execute();
}

async function waitUntilCaughtUp(store: PostgresEventStore, db: ReadDb, name: string, timeoutMs = 20_000) {
  const head = await store.headPosition();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoint = await readCheckpoint(db, name);
    if (head && checkpoint && checkpoint.commit >= head.commit) return;
    if (Date.now() > deadline)
      throw new Error(`projection ${name} did not catch up (at ${checkpoint?.commit}, head ${head?.commit})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('projection runner', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    db = createReadDb(createPool(database.url));
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('projects registrations, changes and deletions into rows (given events, then rows)', async () => {
    const kept = randomUUID();
    const removed = randomUUID();
    const registeredAt = new Date('2026-01-02T08:00:00Z');
    const changedAt = new Date('2026-01-03T09:30:00Z');
    await store.append(
      pharmacyStreamId(kept),
      [envelope({ type: 'PharmacyRegistered', data: { pharmacyId: kept, details: details(1) } }, registeredAt)],
      'no_stream',
    );
    await store.append(
      pharmacyStreamId(kept),
      [
        envelope(
          {
            type: 'PharmacyDetailsChanged',
            data: {
              pharmacyId: kept,
              changes: { isActive: false, phone: '0799' },
              previous: { isActive: true, phone: null },
            },
          },
          changedAt,
        ),
      ],
      0n,
    );
    await store.append(
      pharmacyStreamId(removed),
      [envelope({ type: 'PharmacyRegistered', data: { pharmacyId: removed, details: details(2) } })],
      'no_stream',
    );
    await store.append(
      pharmacyStreamId(removed),
      [envelope({ type: 'PharmacyDeleted', data: { pharmacyId: removed, name: 'Pharmacy 2' } })],
      0n,
    );

    const runner = new ProjectionRunner(store, db, [pharmaciesProjection]);
    await runner.start();
    await waitUntilCaughtUp(store, db, 'pharmacies');
    await runner.stop();

    expect(await tableRows(db)).toEqual([
      {
        id: kept,
        ...details(1),
        isActive: false,
        phone: '0799',
        createdAt: registeredAt,
        updatedAt: changedAt,
        revision: '1',
      },
    ]);
  });

  it('after a crash in the middle of a batch, resumes and ends with exactly the tables of a clean rebuild', async () => {
    // A history with every kind of event, interleaved across 60 locations.
    const ids = Array.from({ length: 60 }, () => randomUUID());
    const revisions = new Map<string, bigint>();
    const write = async (id: string, event: PharmacyEvent) => {
      const result = await store.append(pharmacyStreamId(id), [envelope(event)], revisions.get(id) ?? 'no_stream');
      revisions.set(id, result.nextExpectedRevision);
    };
    for (const [n, id] of ids.entries())
      await write(id, { type: 'PharmacyRegistered', data: { pharmacyId: id, details: details(n) } });
    for (let round = 0; round < 5; round += 1) {
      for (const [n, id] of ids.entries()) {
        await write(id, {
          type: 'PharmacyDetailsChanged',
          data: {
            pharmacyId: id,
            changes: { name: `Pharmacy ${n} r${round}`, isActive: round % 2 === 0 },
            previous: {},
          },
        });
      }
    }
    for (const id of ids.slice(0, 10))
      await write(id, { type: 'PharmacyDeleted', data: { pharmacyId: id, name: 'gone' } });

    const failures: string[] = [];
    const crashing = new ProjectionRunner(store, db, [{ ...pharmaciesProjection, name: 'pharmacies-crash-test' }], {
      batchSize: 50,
      restartDelayMs: 10,
      failAfterEvents: 137,
      logger: {
        info: () => undefined,
        error: (message, context) => failures.push(`${message} ${String(context?.error)}`),
      },
    });
    // Start from an empty table, as a fresh projector would.
    await db.deleteFrom('pharmacies').execute();
    await crashing.start();
    await waitUntilCaughtUp(store, db, 'pharmacies-crash-test');
    await crashing.stop();
    const afterCrash = await tableRows(db);

    expect(failures).toEqual([expect.stringContaining('injected failure after 137 events')]);
    expect(afterCrash).toHaveLength(50 + 1); // 60 registered, 10 deleted, plus the location of the first test

    const rebuilt = await rebuildProjection(store, db, pharmaciesProjection);
    expect(rebuilt.events).toBe(Number((await store.headPosition())!.commit));
    expect(await tableRows(db)).toEqual(afterCrash);
  });
});
