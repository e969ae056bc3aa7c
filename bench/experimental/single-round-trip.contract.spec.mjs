// The event store contract suite (libs/event-store/src/event-store.contract.ts)
// and the PostgreSQL adapter's own ordering tests, run against the
// experimental one-round-trip adapter. Not part of `npm test`; run with
//   npx jest -c bench/experimental/jest.contract.config.cjs
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { createTestDatabase } from '@pharmacy/test-harness';
import { anEvent, describeEventStoreContract } from '../../libs/event-store/src/event-store.contract';
import { PostgresEventStore } from '../../libs/event-store/src/postgres/postgres-event-store';
import { EventStoreUnavailableError } from '../../libs/event-store/src/errors';
import { APPEND_FUNCTION_SQL, defineSingleRoundTripStore } from './single-round-trip-store.mjs';

const SingleRoundTripEventStore = defineSingleRoundTripStore({ PostgresEventStore, EventStoreUnavailableError });

async function databaseWithFunction() {
  const database = await createTestDatabase();
  const client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query(APPEND_FUNCTION_SQL);
  await client.end();
  return database;
}

describeEventStoreContract('PostgreSQL, one round trip per batch (experimental)', async () => {
  const database = await databaseWithFunction();
  const opened = [];
  const open = () => {
    const store = new SingleRoundTripEventStore({ connectionString: database.url, pollIntervalMs: 200 });
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

describe('one-round-trip adapter: ordering across processes', () => {
  let database;
  beforeAll(async () => {
    database = await databaseWithFunction();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('gives gap-free positions 1..N in commit order to a subscriber while four processes append', async () => {
    const reader = new SingleRoundTripEventStore({ connectionString: database.url, pollIntervalMs: 100 });
    const writers = Array.from({ length: 4 }, () => new SingleRoundTripEventStore({ connectionString: database.url }));
    const positions = [];
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
    expect(writers.reduce((n, w) => n + w.fastBatches, 0)).toBeGreaterThan(0);
  });

  it('keeps exact expected revisions contiguous when four processes race on the same streams', async () => {
    const writers = Array.from({ length: 4 }, () => new SingleRoundTripEventStore({ connectionString: database.url }));
    const streams = ['race-a', 'race-b'];
    let wins = 0;
    let losses = 0;
    await Promise.all(
      writers.map(async (writer) => {
        for (let i = 0; i < 60; i++) {
          const stream = streams[i % 2];
          const last = (await writer.readStream(stream)).at(-1)?.revision ?? null;
          try {
            await writer.append(stream, [anEvent(), anEvent()], last === null ? 'no_stream' : last);
            wins += 1;
          } catch (error) {
            expect(error.name).toBe('WrongExpectedRevisionError');
            losses += 1;
          }
        }
      }),
    );
    for (const stream of streams) {
      const events = await writers[0].readStream(stream);
      expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => BigInt(i)));
    }
    expect(wins * 2).toBe(
      (await writers[0].readStream('race-a')).length + (await writers[0].readStream('race-b')).length,
    );
    expect(wins).toBeGreaterThan(0);
    void losses;
    await Promise.all(writers.map((s) => s.close()));
  });

  it('rolls back a whole batch when the database refuses it, and keeps working afterwards', async () => {
    const store = new SingleRoundTripEventStore({ connectionString: database.url });
    const bad = anEvent('Bad', { text: 'nul \u0000 byte' });
    await expect(store.append('rollback-1', [bad], 'no_stream')).rejects.toThrow();
    expect(await store.readStream('rollback-1')).toEqual([]);
    await store.append('rollback-1', [anEvent()], 'no_stream');
    expect(await store.readStream('rollback-1')).toHaveLength(1);
    await store.close();
  });
});
