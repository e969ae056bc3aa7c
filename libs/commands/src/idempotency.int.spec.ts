import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readEvent } from '@pharmacy/domain';
import { PostgresEventStore } from '@pharmacy/event-store';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { handleCommand } from './handle-command';
import { handleOnce, keyedEventId, type CommandIdentity } from './idempotency';
import { foldStream } from './stream-state';
import { tallyDecider, tallyEnvelopes, type TallyCommand, type TallyEvent } from './testing/tally';

describe('handleOnce: a keyed command runs once however often it is sent', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const identity = (requestHash = 'hash-1'): CommandIdentity => ({
    commandId: `user|${randomUUID()}|step`,
    requestHash,
  });

  /** Sends `command` under `key` to a stream: its events' ids derive from the key. */
  const send = (streamId: string, key: CommandIdentity, command: TallyCommand) =>
    handleOnce(
      store,
      streamId,
      key,
      undefined,
      () =>
        handleCommand(store, streamId, tallyDecider, command, {
          toEnvelopes: (events) =>
            tallyEnvelopes(events, (index) => keyedEventId(key, index), {
              commandId: key.commandId,
              requestHash: key.requestHash,
            }),
        }),
      (recorded) => Promise.resolve({ events: recorded.map(readEvent<TallyEvent>), replayed: true as const }),
    );
  const events = async (streamId: string) => (await store.readStream(streamId)).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('answers a repeat from what the first attempt recorded, appending nothing', async () => {
    const streamId = `tally-${randomUUID()}`;
    const key = identity();
    const command: TallyCommand = { type: 'Add', id: randomUUID(), amount: 3 };
    const first = await send(streamId, key, command);
    expect(first.replayed).toBe(false);
    const again = await send(streamId, key, command);
    expect(again).toMatchObject({ replayed: true, result: { events: [{ type: 'TallyAdded', data: { amount: 3 } }] } });
    expect(await events(streamId)).toBe(1);
  });

  it('records one of 50 attempts sent at once, and answers all of them with it', async () => {
    const streamId = `tally-${randomUUID()}`;
    const key = identity();
    // Each attempt adds under a new id: without the key, 50 would be recorded.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(streamId, key, { type: 'Add', id: randomUUID(), amount: 1 })),
    );
    expect(await events(streamId)).toBe(1);
    expect((await foldStream(store, streamId, tallyDecider)).state.total).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(answers.every((answer) => answer.result.events.length === 1)).toBe(true);
  });

  it('refuses the key with another request, and the key used on another stream, with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const streamId = `tally-${randomUUID()}`;
    const key = identity('hash-1');
    await send(streamId, key, { type: 'Add', id: randomUUID(), amount: 1 });
    await expect(
      send(streamId, identity('hash-2') && { ...key, requestHash: 'hash-2' }, {
        type: 'Add',
        id: randomUUID(),
        amount: 2,
      }),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const elsewhere = `tally-${randomUUID()}`;
    await expect(send(elsewhere, key, { type: 'Add', id: randomUUID(), amount: 1 })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await events(streamId)).toBe(1);
    expect(await events(elsewhere)).toBe(0);
  });

  it('answers a repeat whose decision now refuses from what it recorded, and passes on a refusal that is not a repeat', async () => {
    const streamId = `tally-${randomUUID()}`;
    const key = identity();
    const command: TallyCommand = { type: 'Add', id: randomUUID(), amount: 2 };
    await send(streamId, key, command);
    // The same id again: the decider finds it added and decides nothing, which is what a repeat meets.
    expect((await send(streamId, key, command)).replayed).toBe(true);
    await expect(send(streamId, identity(), { type: 'Add', id: randomUUID(), amount: 0 })).rejects.toMatchObject({
      code: 'RECEIVED_QUANTITY_INVALID',
    });
  });
});
