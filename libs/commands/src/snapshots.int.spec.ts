import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, SnapshotTable, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { snapshotIfDue, snapshotLoader, type SnapshotPolicy } from './snapshots';
import { foldStream } from './stream-state';
import { tallyDecider, tallyEnvelopes } from './testing/tally';

describe('snapshots: a long stream folded from its latest snapshot and the tail', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  let snapshots: SnapshotTable;
  const policy: SnapshotPolicy = { schemaVersion: 3, every: 5 };
  const added = (amount: number) => tallyEnvelopes([{ type: 'TallyAdded', data: { id: randomUUID(), amount } }]);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
    db = createReadDb(createPool(database.url));
    snapshots = new SnapshotTable(db);
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('saves one when enough events have passed, and folds only the tail after it', async () => {
    const streamId = `tally-${randomUUID()}`;
    for (let i = 0; i < 4; i += 1) await store.append(streamId, added(1), 'any');
    const early = await foldStream(store, streamId, tallyDecider);
    expect(snapshotIfDue(streamId, early, snapshots, policy)).toBeNull();
    await store.append(streamId, added(1), 'any');
    const loaded = await foldStream(store, streamId, tallyDecider);
    const save = snapshotIfDue(streamId, loaded, snapshots, policy);
    expect(loaded.snapshotRevision).toBe(4n);
    await save!();
    await store.append(streamId, added(10), 'any');
    const fromSnapshot = await snapshotLoader(store, snapshots, policy, streamId, tallyDecider)();
    expect(fromSnapshot).toMatchObject({ state: { total: 15 }, snapshotRevision: 4n, eventsRead: 1 });
    expect(fromSnapshot.state).toEqual((await foldStream(store, streamId, tallyDecider)).state);
  });

  it('ignores a snapshot of another format version', async () => {
    const streamId = `tally-${randomUUID()}`;
    await store.append(streamId, added(2), 'any');
    await snapshots.save(streamId, 0n, JSON.stringify({ total: 999, ids: [] }), { schemaVersion: 2, every: 1 });
    const loaded = await snapshotLoader(store, snapshots, policy, streamId, tallyDecider)();
    expect(loaded).toMatchObject({ state: { total: 2 }, snapshotRevision: null });
  });
});
