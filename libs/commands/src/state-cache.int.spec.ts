import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@pharmacy/event-store';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { handleCommand } from './handle-command';
import { StateCache } from './state-cache';
import { foldStream } from './stream-state';
import { tallyDecider, tallyEnvelopes } from './testing/tally';

describe('StateCache: decided states kept in memory, checked against the stream on use', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const added = (amount: number) => tallyEnvelopes([{ type: 'TallyAdded', data: { id: randomUUID(), amount } }]);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** A command that adds to the tally on this stream, its state kept in `cache`. */
  const adding = (cache: StateCache, streamId: string) => (amount: number) =>
    handleCommand(
      store,
      streamId,
      tallyDecider,
      { type: 'Add', id: randomUUID(), amount },
      {
        load: cache.loader(streamId, tallyDecider, () => foldStream(store, streamId, tallyDecider)),
        forget: () => cache.forget(streamId),
        toEnvelopes: (events) => tallyEnvelopes(events),
      },
    );

  it('folds a stream once, then reads only the tail another writer appended', async () => {
    const streamId = `tally-${randomUUID()}`;
    await store.append(streamId, added(2), 'no_stream');
    const cache = new StateCache(store, 10);
    let folds = 0;
    const loader = cache.loader(streamId, tallyDecider, () => {
      folds += 1;
      return foldStream(store, streamId, tallyDecider);
    });
    expect((await loader()).state.total).toBe(2);
    await store.append(streamId, added(5), 0n);
    const again = await loader();
    expect(again.state.total).toBe(7);
    expect(again.meta.revision).toBe(1n);
    expect(folds).toBe(1);
  });

  it('keeps what the command appended, so the next command starts from it', async () => {
    const streamId = `tally-${randomUUID()}`;
    const cache = new StateCache(store, 10);
    const run = adding(cache, streamId);
    const first = await run(1);
    const second = await run(2);
    expect(second.loaded).toBe(first.loaded);
    expect(second.loaded.state.total).toBe(3);
    expect((await foldStream(store, streamId, tallyDecider)).state).toEqual(second.loaded.state);
  });

  it('reads no tail while only this process appended, and reads it again once another process has', async () => {
    const streamId = `tally-${randomUUID()}`;
    const other = new PostgresEventStore({ connectionString: database.url });
    try {
      const cache = new StateCache(store, 10);
      const load = cache.loader(streamId, tallyDecider, () => foldStream(store, streamId, tallyDecider));
      const run = adding(cache, streamId);
      await until(() => store.knowledgeToken() !== null);
      await run(1);
      // Let this process's own notification arrive: it must not count as another's.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = { ...cache.stats };
      await run(2);
      await run(3);
      expect(cache.stats.tailsSkipped - before.tailsSkipped).toBe(2);
      expect(cache.stats.tailsRead).toBe(before.tailsRead);
      expect((await load()).state.total).toBe(6);

      // An append of this process that did not go through the cache: its revision says so.
      await store.append(streamId, added(10), 2n);
      expect((await load()).state.total).toBe(16);

      // Another process's append: its notification changes the token, and the tail is read.
      const token = store.knowledgeToken();
      await other.append(streamId, added(100), 3n);
      await until(() => store.knowledgeToken() !== null && store.knowledgeToken() !== token);
      const reads = cache.stats.tailsRead;
      const after = await load();
      expect(after.state.total).toBe(116);
      expect(after.meta.revision).toBe(4n);
      expect(cache.stats.tailsRead).toBe(reads + 1);
      expect((await foldStream(store, streamId, tallyDecider)).state).toEqual(after.state);
    } finally {
      await other.close();
    }
  });

  it('keeps at most its capacity, dropping the least recently used, and forgets on request', async () => {
    const cache = new StateCache(store, 2);
    const streams = [`tally-${randomUUID()}`, `tally-${randomUUID()}`, `tally-${randomUUID()}`];
    let folds = 0;
    const load = (streamId: string) =>
      cache.loader(streamId, tallyDecider, () => {
        folds += 1;
        return foldStream(store, streamId, tallyDecider);
      })();
    for (const streamId of streams) await load(streamId);
    expect(cache.size).toBe(2);
    await load(streams[0]!);
    expect(folds).toBe(4);
    cache.forget(streams[0]!);
    await load(streams[0]!);
    expect(folds).toBe(5);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
