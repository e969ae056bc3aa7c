import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import { anEvent } from '../event-store.contract';
import type { GlobalPosition } from '../port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import {
  isStreamNotFoundError,
  isSystemEvent,
  isSystemEventType,
  isUnavailableError,
  judgeRetry,
  strictlyAfter,
  toActualRevision,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toGlobalPosition,
  toPortError,
  toRecordedEvent,
  validateAppend,
  type WrittenEvent,
} from './mapping';

const at = (commit: bigint, prepare = commit): GlobalPosition => ({ commit, prepare });

describe('EventStoreDB mapping: expected revision', () => {
  it('maps the port expectations onto the client constants and keeps an exact revision', () => {
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
  });

  it("reports ESDB's 'no_stream' current revision as null", () => {
    expect(toActualRevision('no_stream')).toBeNull();
    expect(toActualRevision(undefined)).toBeNull();
    expect(toActualRevision(-1n)).toBeNull();
    expect(toActualRevision(0n)).toBe(0n);
    expect(toActualRevision(7n)).toBe(7n);
  });
});

describe('EventStoreDB mapping: positions', () => {
  it('keeps both parts of a position, in both directions, without sharing the object', () => {
    const esdb = { commit: 1200n, prepare: 1100n };
    const ours = toGlobalPosition(esdb);
    expect(ours).toEqual({ commit: 1200n, prepare: 1100n });
    expect(ours).not.toBe(esdb);
    expect(toEsdbPosition(ours)).toEqual(esdb);
  });

  it('keeps only events strictly after a position, comparing commit then prepare', () => {
    const events = [at(10n), at(20n, 15n), at(20n), at(30n)].map((position, i) => ({ position, i }));
    expect(strictlyAfter(events, null).map((e) => e.i)).toEqual([0, 1, 2, 3]);
    // ESDB's fromPosition is inclusive: the event at exactly that position must not come back.
    expect(strictlyAfter(events, at(10n)).map((e) => e.i)).toEqual([1, 2, 3]);
    expect(strictlyAfter(events, at(20n, 15n)).map((e) => e.i)).toEqual([2, 3]);
    expect(strictlyAfter(events, at(30n))).toEqual([]);
    expect(strictlyAfter(events, at(5n)).map((e) => e.i)).toEqual([0, 1, 2, 3]);
  });

  it('recognises system event types by their $ prefix', () => {
    expect(isSystemEventType('$metadata')).toBe(true);
    expect(isSystemEventType('$>')).toBe(true);
    expect(isSystemEventType('$statsCollected')).toBe(true);
    expect(isSystemEventType('Sale.Recorded')).toBe(false);
    expect(isSystemEventType('A$B')).toBe(false);
  });

  it('treats everything in a $ stream as system, whatever its type', () => {
    expect(isSystemEvent({ type: 'Result', streamId: '$projections-sales-result' })).toBe(true);
    expect(isSystemEvent({ type: '$>', streamId: 'stock-1' })).toBe(true);
    expect(isSystemEvent({ type: 'Sale.Recorded', streamId: 'stock-1' })).toBe(false);
  });
});

describe('EventStoreDB mapping: recorded events', () => {
  const created = new Date('2026-11-01T10:00:00.000Z');
  const metadata = anEvent().metadata;

  it('maps a recorded event with its revision, both position parts and the commit time', () => {
    const resolved = {
      event: {
        streamId: 'stock-1',
        id: 'a3f1c6de-1111-4222-8333-444455556666',
        isJson: true,
        revision: 4n,
        type: 'Batch.Received',
        created,
        data: { quantity: 3 },
        metadata,
        position: { commit: 900n, prepare: 880n },
      },
    } as unknown as ResolvedEvent;
    expect(toRecordedEvent(resolved)).toEqual({
      id: 'a3f1c6de-1111-4222-8333-444455556666',
      type: 'Batch.Received',
      data: { quantity: 3 },
      metadata,
      streamId: 'stock-1',
      revision: 4n,
      position: { commit: 900n, prepare: 880n },
      recordedAt: created,
    });
  });

  it('falls back to the commit position when the server sends none with the event, and skips empty links', () => {
    const resolved = {
      event: { streamId: 's', id: randomUUID(), isJson: true, revision: 0n, type: 'T', created, data: {}, metadata },
      commitPosition: 77n,
    } as unknown as ResolvedEvent;
    expect(toRecordedEvent(resolved)?.position).toEqual(at(77n));
    expect(toRecordedEvent({})).toBeNull();
  });

  it('gives an event written by another tool (no JSON metadata) the envelope shape', () => {
    const resolved = {
      event: {
        streamId: 's',
        id: randomUUID(),
        isJson: false,
        revision: 0n,
        type: 'T',
        created,
        data: new Uint8Array(),
      },
    } as unknown as ResolvedEvent;
    expect(toRecordedEvent(resolved)?.metadata).toEqual({
      userId: null,
      pharmacyId: null,
      correlationId: '',
      causationId: null,
      occurredAt: created.toISOString(),
    });
  });
});

describe('EventStoreDB mapping: errors', () => {
  it('treats a plain gRPC error with code 14 (what appendToStream throws on a closed port) as unavailable', () => {
    const plain = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
    const mapped = toPortError(plain);
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect((mapped as EventStoreUnavailableError).cause).toBe(plain);
  });

  it("treats the client's UnavailableError (what readStream throws) as unavailable", () => {
    const error = new UnavailableError(undefined, 'unavailable');
    expect(isUnavailableError(error)).toBe(true);
    expect(toPortError(error)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('passes other errors through unchanged', () => {
    const other = new Error('boom');
    expect(toPortError(other)).toBe(other);
    expect(isUnavailableError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
    expect(isUnavailableError('14')).toBe(false);
  });

  it('maps WrongExpectedVersionError to WrongExpectedRevisionError with the actual revision or null', () => {
    const existing = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 0n, current: 3n });
    const mapped = toPortError(existing, 's', 0n);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ code: 'WRONG_EXPECTED_REVISION', streamId: 's', expected: 0n, actual: 3n });

    const missing = new WrongExpectedVersionError(undefined, {
      streamName: 's',
      expected: STREAM_EXISTS,
      current: NO_STREAM,
    });
    expect(toPortError(missing, 's', 'stream_exists')).toMatchObject({ expected: 'stream_exists', actual: null });
  });

  it('recognises StreamNotFoundError (readStream of a missing stream)', () => {
    expect(isStreamNotFoundError(new StreamNotFoundError(undefined, 'missing'))).toBe(true);
    expect(isStreamNotFoundError(new Error('missing'))).toBe(false);
  });
});

describe('EventStoreDB mapping: refused appends', () => {
  const ids = [randomUUID(), randomUUID()];
  const written = (entries: Array<[string, bigint]>) =>
    new Map<string, WrittenEvent>(entries.map(([id, revision]) => [id, { revision, position: at(100n + revision) }]));

  it('answers a retry of a committed append with the original result (its last event)', () => {
    const verdict = judgeRetry(
      ids,
      written([
        [ids[0]!, 3n],
        [ids[1]!, 4n],
      ]),
    );
    expect(verdict).toEqual({ kind: 'original', result: { nextExpectedRevision: 4n, position: at(104n) } });
  });

  it('calls an append that repeats only some written ids a conflict, naming those ids', () => {
    expect(judgeRetry(ids, written([[ids[0]!, 0n]]))).toEqual({ kind: 'conflict', ids: [ids[0]] });
  });

  it('leaves an append with no written ids to the concurrency check', () => {
    expect(judgeRetry(ids, written([]))).toEqual({ kind: 'fresh' });
  });

  it('compares ids case-insensitively (ESDB returns them lower case)', () => {
    const upper = ids.map((id) => id.toUpperCase());
    expect(
      judgeRetry(
        upper,
        written([
          [ids[0]!, 0n],
          [ids[1]!, 1n],
        ]),
      ).kind,
    ).toBe('original');
  });
});

describe('EventStoreDB mapping: append validation', () => {
  it('accepts a well-formed append', () => {
    expect(validateAppend('stock-1', [anEvent()])).toBeNull();
  });

  it('refuses what the PostgreSQL adapter refuses, and the $ names ESDB reserves', () => {
    expect(validateAppend('', [anEvent()])).toBeInstanceOf(TypeError);
    expect(validateAppend('stock-1', [])).toBeInstanceOf(TypeError);
    expect(validateAppend('stock-1', [{ ...anEvent(), id: 'not-a-uuid' }])).toBeInstanceOf(TypeError);
    expect(validateAppend('stock-1', [anEvent('')])).toBeInstanceOf(TypeError);
    const noTime = anEvent();
    expect(
      validateAppend('stock-1', [{ ...noTime, metadata: { ...noTime.metadata, occurredAt: 'later' } }]),
    ).toBeInstanceOf(TypeError);
    expect(validateAppend('$stock-1', [anEvent()])).toBeInstanceOf(TypeError);
    expect(validateAppend('stock-1', [anEvent('$Sneaky')])).toBeInstanceOf(TypeError);
  });
});

/** A port nothing listens on: bind one, then close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('EventStoreDB adapter without a server', () => {
  it('rejects appends and reads with EventStoreUnavailableError when nothing listens', async () => {
    const store = new EventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${await closedPort()}?tls=false` });
    try {
      await expect(store.append('stock-1', [anEvent()], 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readStream('stock-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readAll({ maxCount: 10 })).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  });

  it('validates before calling the server, and refuses every call once closed', async () => {
    const store = new EventStoreDbEventStore(`esdb://127.0.0.1:${await closedPort()}?tls=false`);
    const event = anEvent();
    await expect(store.append('stock-1', [event, event], 'any')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    await expect(store.append('stock-1', [], 'any')).rejects.toBeInstanceOf(TypeError);
    await store.close();
    await expect(store.append('stock-1', [anEvent()], 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('stock-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.subscribe({}, () => Promise.resolve()).done).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await store.close();
  });

  it('keeps a subscription retrying while the server is down, and stops it on close', async () => {
    const store = new EventStoreDbEventStore({
      connectionString: `esdb://127.0.0.1:${await closedPort()}?tls=false`,
      pollIntervalMs: 50,
    });
    let delivered = 0;
    const subscription = store.subscribe({}, (batch) => {
      delivered += batch.length;
      return Promise.resolve();
    });
    await new Promise((r) => setTimeout(r, 300));
    await store.close();
    await expect(subscription.done).resolves.toBeUndefined();
    expect(delivered).toBe(0);
  });
});
