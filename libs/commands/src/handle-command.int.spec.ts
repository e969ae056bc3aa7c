import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { nameBasedUuid, PostgresEventStore } from '@pharmacy/event-store';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { handleCommand, type HandleOptions } from './handle-command';
import { foldStream } from './stream-state';
import { tallyDecider, tallyEnvelopes, type TallyCommand, type TallyEvent, type TallyState } from './testing/tally';

describe('handleCommand: load, decide, append with the expected revision, decide again on a conflict', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const stream = () => `tally-${randomUUID()}`;
  const add = (amount: number, id: string = randomUUID()): TallyCommand => ({ type: 'Add', id, amount });
  const run = (streamId: string, command: TallyCommand, options: Partial<HandleOptions<TallyEvent, TallyState>> = {}) =>
    handleCommand<TallyCommand, TallyEvent, TallyState>(store, streamId, tallyDecider, command, {
      toEnvelopes: (events) => tallyEnvelopes(events),
      ...options,
    });
  const total = async (streamId: string) => (await foldStream(store, streamId, tallyDecider)).state.total;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('appends what the decider decides and answers the state after it', async () => {
    const streamId = stream();
    const first = await run(streamId, add(3));
    expect(first.events).toHaveLength(1);
    expect(first.loaded.state.total).toBe(3);
    expect(first.loaded.meta.revision).toBe(0n);
    expect(first.position).not.toBeNull();
    const second = await run(streamId, add(4));
    expect(second.loaded.state.total).toBe(7);
    expect(second.loaded.meta.revision).toBe(1n);
    expect(await total(streamId)).toBe(7);
  });

  it('writes nothing for a refusal, an empty decision or a failed precondition', async () => {
    const streamId = stream();
    await run(streamId, add(2));
    await expect(run(streamId, add(-1))).rejects.toMatchObject({ code: 'RECEIVED_QUANTITY_INVALID' });
    expect((await run(streamId, { type: 'Nothing' })).position).toBeNull();
    await expect(
      run(streamId, add(5), {
        precondition: () => Promise.reject(new Error('not now')),
      }),
    ).rejects.toThrow('not now');
    expect((await store.readStream(streamId)).length).toBe(1);
  });

  it('loses no update when 50 writers append to one stream at once', async () => {
    const streamId = stream();
    const answers = await Promise.all(Array.from({ length: 50 }, () => run(streamId, add(1), { maxAttempts: 200 })));
    expect(answers.every((answer) => answer.events.length === 1)).toBe(true);
    expect(await total(streamId)).toBe(50);
    expect((await store.readStream(streamId)).length).toBe(50);
  });

  it('records a fact once when ten writers record it at once (ids that derive from the facts)', async () => {
    const streamId = stream();
    const id = randomUUID();
    const byFact = (_: number, event: TallyEvent) => nameBasedUuid(`TallyAdded|${event.data.id}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        run(streamId, add(5, id), { idsRecordFacts: true, toEnvelopes: (events) => tallyEnvelopes(events, byFact) }),
      ),
    );
    // Each is answered with the fact recorded (by it, or by the writer whose append it repeated), never twice.
    expect(answers.every((answer) => answer.loaded.state.total === 5)).toBe(true);
    expect(await total(streamId)).toBe(5);
    expect((await store.readStream(streamId)).length).toBe(1);
  });

  it('gives up with 409 CONCURRENCY_CONFLICT when the stream keeps moving under it', async () => {
    const streamId = stream();
    await run(streamId, add(1));
    let conflicts = 0;
    await expect(
      run(streamId, add(1), {
        maxAttempts: 3,
        onConflict: () => (conflicts += 1),
        // Someone else appends between every decision and its append.
        precondition: async () => {
          await store.append(
            streamId,
            tallyEnvelopes([{ type: 'TallyAdded', data: { id: randomUUID(), amount: 10 } }]),
            'any',
          );
        },
      }),
    ).rejects.toMatchObject({ code: 'CONCURRENCY_CONFLICT' });
    expect(conflicts).toBe(3);
    expect(await total(streamId)).toBe(31);
  });
});
