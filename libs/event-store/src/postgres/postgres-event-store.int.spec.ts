import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { anEvent, describeEventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const opened: PostgresEventStore[] = [];
  const open = () => {
    const store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 200 });
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    openAnother: async () => open(),
    async cleanup() {
      await Promise.all(opened.map((s) => s.close()));
      await database.drop();
    },
  };
});

describe('PostgreSQL event store: ordering across processes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('gives gap-free positions 1..N in commit order to a subscriber while four processes append', async () => {
    const reader = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 100 });
    const writers = Array.from({ length: 4 }, () => new PostgresEventStore({ connectionString: database.url }));
    const positions: bigint[] = [];
    const subscription = reader.subscribe({ batchSize: 37 }, async (batch) => {
      positions.push(...batch.map((e) => e.position.commit));
    });
    const total = 4 * 150;
    await Promise.all(
      writers.map((writer, w) =>
        Promise.all(Array.from({ length: 150 }, (_, i) => writer.append(`order-${w}-${i % 10}`, [anEvent()], 'any'))),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (positions.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();
    await Promise.all([reader, ...writers].map((s) => s.close()));
    expect(positions).toEqual(Array.from({ length: total }, (_, i) => BigInt(i + 1)));
  });

  it('rolls back a whole batch when the database refuses it, and keeps working afterwards', async () => {
    const store = new PostgresEventStore({ connectionString: database.url });
    const bad = anEvent('Bad', { text: 'nul \u0000 byte' });
    await expect(store.append('rollback-1', [bad], 'no_stream')).rejects.toThrow();
    expect(await store.readStream('rollback-1')).toEqual([]);
    await store.append('rollback-1', [anEvent()], 'no_stream');
    expect(await store.readStream('rollback-1')).toHaveLength(1);
    await store.close();
  });
});
