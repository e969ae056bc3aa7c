import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdempotencyConflictError, WrongExpectedRevisionError } from './errors';
import { comparePositions, type EventStore, type NewEvent, type RecordedEvent } from './port';

export interface ContractSubject {
  store: EventStore;
  /** A second, independent connection to the same log (another process, as far as the store can tell). */
  openAnother(): Promise<EventStore>;
  cleanup(): Promise<void>;
}

export function anEvent(type = 'Something.Happened', data: unknown = { value: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      userId: null,
      pharmacyId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

const uniqueStream = (prefix = 'contract') => `${prefix}-${randomUUID()}`;

async function collect(
  store: EventStore,
  expected: number,
  after: RecordedEvent['position'] | null,
  timeoutMs = 30_000,
) {
  const received: RecordedEvent[] = [];
  let resolveAll!: () => void;
  const all = new Promise<void>((r) => (resolveAll = r));
  const subscription = store.subscribe({ after, batchSize: 100 }, async (batch) => {
    received.push(...batch);
    if (received.length >= expected) resolveAll();
  });
  const timer = setTimeout(resolveAll, timeoutMs);
  return {
    received,
    async finished() {
      await all;
      clearTimeout(timer);
      // Give a duplicate delivery the chance to show itself before we stop.
      await new Promise((r) => setTimeout(r, 200));
      await subscription.stop();
    },
  };
}

/** The behaviour every EventStore adapter must have. */
export function describeEventStoreContract(adapter: string, create: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${adapter}`, () => {
    let subject: ContractSubject;
    let store: EventStore;

    beforeAll(async () => {
      subject = await create();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.cleanup();
    });

    it('appends to a new stream and reads it back in order from revision 0', async () => {
      const stream = uniqueStream();
      const events = [anEvent('A', { n: 1 }), anEvent('B', { n: 2, text: 'صيدلية "quoted" \\ back' })];
      const result = await store.append(stream, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(1n);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.id, e.type, e.revision])).toEqual([
        [events[0]!.id, 'A', 0n],
        [events[1]!.id, 'B', 1n],
      ]);
      expect(read[1]!.data).toEqual({ n: 2, text: 'صيدلية "quoted" \\ back' });
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
    });

    it('reads a stream from a revision, with a maximum count, and an unknown stream as empty', async () => {
      const stream = uniqueStream();
      await store.append(stream, [anEvent(), anEvent(), anEvent(), anEvent()], 'no_stream');
      const tail = await store.readStream(stream, { fromRevision: 2n });
      expect(tail.map((e) => e.revision)).toEqual([2n, 3n]);
      const head = await store.readStream(stream, { maxCount: 1 });
      expect(head.map((e) => e.revision)).toEqual([0n]);
      expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
    });

    it('checks the expected revision: exact, no_stream, stream_exists and any', async () => {
      const stream = uniqueStream();
      await expect(store.append(stream, [anEvent()], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await store.append(stream, [anEvent()], 'no_stream');
      await expect(store.append(stream, [anEvent()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(stream, [anEvent()], 0n);
      const stale = store.append(stream, [anEvent()], 0n);
      await expect(stale).rejects.toMatchObject({ code: 'WRONG_EXPECTED_REVISION', streamId: stream, actual: 1n });
      await store.append(stream, [anEvent()], 'stream_exists');
      const any = await store.append(stream, [anEvent()], 'any');
      expect(any.nextExpectedRevision).toBe(3n);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('lets exactly one of N concurrent appends with the same expected revision succeed', async () => {
      const stream = uniqueStream();
      await store.append(stream, [anEvent()], 'no_stream');
      const others = await Promise.all(Array.from({ length: 3 }, () => subject.openAnother()));
      const writers = [store, ...others];
      const attempts = Array.from({ length: 20 }, (_, i) =>
        writers[i % writers.length]!.append(stream, [anEvent(), anEvent()], 0n),
      );
      const outcomes = await Promise.allSettled(attempts);
      await Promise.all(others.map((s) => s.close()));

      const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
      const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(succeeded).toHaveLength(1);
      expect(failed).toHaveLength(19);
      for (const failure of failed) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    it('writes nothing new when the same event ids are appended again (a retry)', async () => {
      const stream = uniqueStream();
      const events = [anEvent(), anEvent()];
      const first = await store.append(stream, events, 'no_stream');
      const again = await store.append(stream, events, 'no_stream');
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(comparePositions(again.position, first.position)).toBe(0);
      // It says it wrote nothing now (an adapter that cannot tell leaves `repeated` out), and the first did write.
      expect(first.repeated).toBeFalsy();
      if (store.refusesRepeatedIds) expect(again.repeated).toBe(true);
      const concurrentRetries = await Promise.all([1, 2, 3].map(() => store.append(stream, events, 'any')));
      for (const retry of concurrentRetries) expect(retry.nextExpectedRevision).toBe(1n);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('writes a fresh append only once even when the same request arrives twice at once', async () => {
      const stream = uniqueStream();
      const events = [anEvent()];
      const [a, b] = await Promise.all([store.append(stream, events, 'any'), store.append(stream, events, 'any')]);
      expect(a.nextExpectedRevision).toBe(0n);
      expect(b.nextExpectedRevision).toBe(0n);
      expect(await store.readStream(stream)).toHaveLength(1);
      // At most one says it wrote them; a store that never writes a repeat says so of the other.
      const writers = [a, b].filter((result) => !result.repeated).length;
      if (store.refusesRepeatedIds) expect(writers).toBe(1);
      else expect(writers).toBeGreaterThanOrEqual(1);
    });

    it('finds the events of a stream by their ids, and nothing in another stream', async () => {
      const stream = uniqueStream();
      const [a, b, c] = [anEvent('A'), anEvent('B'), anEvent('C')];
      await store.append(stream, [a, b], 'no_stream');
      await store.append(stream, [c], 1n);
      const found = await store.readEventsById(stream, [c.id, a.id.toUpperCase(), randomUUID()]);
      expect(found.map((e) => [e.type, e.revision])).toEqual([
        ['A', 0n],
        ['C', 2n],
      ]);
      expect(await store.readEventsById(uniqueStream('other'), [a.id])).toEqual([]);
      expect(await store.readEventsById(stream, [])).toEqual([]);
    });

    it('refuses an append that repeats only some ids already written', async () => {
      const stream = uniqueStream();
      const first = anEvent();
      await store.append(stream, [first], 'no_stream');
      await expect(store.append(stream, [first, anEvent()], 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('never writes a repeated id again when it says so, whatever the expected revision', async () => {
      const stream = uniqueStream();
      const first = anEvent();
      const original = await store.append(stream, [first], 'no_stream');
      await store.append(stream, [anEvent()], 0n);
      if (!store.refusesRepeatedIds) return;
      // The repeat names the stream's current revision, as a retry deciding on fresh state would.
      const repeat = await store.append(stream, [first], 1n).catch((error: unknown) => error);
      if (repeat instanceof Error) expect(repeat).toBeInstanceOf(IdempotencyConflictError);
      else expect(repeat).toEqual({ ...original, repeated: true });
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads all streams in global position order, strictly after a given position', async () => {
      const head = await store.headPosition();
      const a = uniqueStream('a');
      const b = uniqueStream('b');
      await store.append(a, [anEvent('One')], 'no_stream');
      await store.append(b, [anEvent('Two')], 'no_stream');
      await store.append(a, [anEvent('Three')], 0n);
      const all = await store.readAll({ after: head, maxCount: 10 });
      expect(all.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
      for (let i = 1; i < all.length; i += 1) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      const afterFirst = await store.readAll({ after: all[0]!.position, maxCount: 1 });
      expect(afterFirst.map((e) => e.type)).toEqual(['Two']);
      const newHead = await store.headPosition();
      expect(newHead && comparePositions(newHead, all[2]!.position)).toBe(0);
    });

    it('delivers to a subscriber every event of 8 concurrent writers exactly once, in position order', async () => {
      const start = await store.headPosition();
      const writers = 8;
      const perWriter = 500;
      const listener = await collect(store, writers * perWriter, start, 60_000);
      const others = await Promise.all(Array.from({ length: writers }, () => subject.openAnother()));
      await Promise.all(
        others.map(async (writer, w) => {
          const stream = uniqueStream(`writer${w}`);
          let revision: bigint | 'no_stream' = 'no_stream';
          for (let i = 0; i < perWriter; i += 2) {
            const result = await writer.append(
              stream,
              [anEvent('Tick', { w, i }), anEvent('Tick', { w, i: i + 1 })],
              revision,
            );
            revision = result.nextExpectedRevision;
          }
        }),
      );
      await Promise.all(others.map((s) => s.close()));
      await listener.finished();

      const received = listener.received;
      expect(received).toHaveLength(writers * perWriter);
      expect(new Set(received.map((e) => e.id)).size).toBe(writers * perWriter);
      for (let i = 1; i < received.length; i += 1) {
        expect(comparePositions(received[i - 1]!.position, received[i]!.position)).toBe(-1);
      }
      // Each writer's own events arrive in the order it wrote them.
      for (let w = 0; w < writers; w += 1) {
        const own = received.filter((e) => (e.data as { w: number }).w === w).map((e) => (e.data as { i: number }).i);
        expect(own).toEqual(Array.from({ length: perWriter }, (_, i) => i));
      }
    }, 120_000);

    it('subscribes from a position and ends with the handler error when the handler fails', async () => {
      const stream = uniqueStream();
      await store.append(stream, [anEvent('Before')], 'no_stream');
      const from = await store.headPosition();
      await store.append(stream, [anEvent('After')], 0n);
      const seen: string[] = [];
      const subscription = store.subscribe({ after: from }, async (batch) => {
        seen.push(...batch.map((e) => e.type));
        throw new Error('handler broke');
      });
      await expect(subscription.done).rejects.toThrow('handler broke');
      expect(seen).toEqual(['After']);
    });
  });
}
