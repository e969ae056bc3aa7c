import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendResult as EsdbAppendResult,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreUnavailableError, IdempotencyConflictError, WrongExpectedRevisionError } from '../errors';
import {
  comparePositions,
  type AppendResult,
  type BatchHandler,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';
import { AppendSignal, runSubscription } from '../subscription';
import {
  isStreamNotFoundError,
  isSystemEvent,
  isWrongExpectedVersionError,
  judgeRetry,
  normalizeId,
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

export interface EventStoreDbEventStoreOptions {
  /** For example `esdb://localhost:2113?tls=false`, or `esdb+discover://…` for a cluster. */
  connectionString: string;
  /** How often a subscriber looks for new events when no wake-up arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Smallest `$all` page; pages also skip system events, so a full batch may take more than one. Default 32. */
  readPageSize?: number;
  /** How many events from a stream's end `readEventsById` searches (ESDB has no index by event id). Default 10,000. */
  idLookupDepth?: number;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * EventStoreDB / KurrentDB adapter of the event store port.
 *
 * Idempotency differs from the PostgreSQL adapter, which knows every event id
 * ever written. ESDB recognises a repeated append by itself only when the
 * expected revision points just before the events it repeats, or (for `any` /
 * `stream_exists`) while the ids are still in its in-memory cache of recent
 * commits. When ESDB refuses an append, this adapter reads the stream to tell a
 * retry (answered with the original result) and a partial repeat
 * (`IdempotencyConflictError`) from a real conflict. What remains different:
 * ids are unique per stream, not per store; an `any` append whose first id is
 * new, or whose ids fell out of ESDB's cache, and an append whose expected
 * revision equals the current one, are written even if they repeat ids already
 * in the stream.
 */
export class EventStoreDbEventStore implements EventStore {
  /** ESDB writes some repeats again (see above). */
  readonly refusesRepeatedIds = false;
  private readonly client: EventStoreDBClient;
  private readonly pollIntervalMs: number;
  private readonly readPageSize: number;
  private readonly idLookupDepth: number;
  private readonly subscriptions = new Set<Subscription>();
  private readonly appended: AppendSignal;
  private wakeups: AllStreamSubscription | null = null;
  private wakeupRetry: NodeJS.Timeout | null = null;
  private wakeupDelayMs = 250;
  private closed = false;

  constructor(options: EventStoreDbEventStoreOptions | string) {
    const settings = typeof options === 'string' ? { connectionString: options } : options;
    this.client = EventStoreDBClient.connectionString(settings.connectionString);
    this.pollIntervalMs = settings.pollIntervalMs ?? 1000;
    this.readPageSize = Math.max(settings.readPageSize ?? 32, 2);
    this.idLookupDepth = settings.idLookupDepth ?? 10_000;
    this.appended = new AppendSignal(this.pollIntervalMs);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const invalid = validateAppend(streamId, events);
    if (invalid) throw invalid;
    const ids = events.map((e) => normalizeId(e.id));
    if (new Set(ids).size !== ids.length) throw new IdempotencyConflictError(streamId, ids);

    let written: EsdbAppendResult;
    try {
      written = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          // Our uuid becomes the ESDB event id: that is what lets ESDB recognise a retry.
          jsonEvent({
            id: event.id,
            type: event.type,
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata as unknown as JSONType,
          }),
        ),
        { expectedRevision: toEsdbExpectedRevision(expectedRevision) },
      );
    } catch (error) {
      if (isWrongExpectedVersionError(error)) {
        return this.answerRefusedAppend(streamId, ids, expectedRevision, toActualRevision(error.actualVersion));
      }
      throw toPortError(error);
    }
    // Only when the connection string sets throwOnAppendFailure=false; the reported revision is not reliable then.
    if (!written.success) return this.answerRefusedAppend(streamId, ids, expectedRevision, undefined);
    if (written.position) {
      return { nextExpectedRevision: written.nextExpectedRevision, position: toGlobalPosition(written.position) };
    }
    // Servers that answer an idempotent write without a position: take it from the event itself.
    const [last] = await this.readStream(streamId, { fromRevision: written.nextExpectedRevision, maxCount: 1 });
    if (!last) {
      throw new Error(`EventStoreDB acknowledged ${streamId}@${written.nextExpectedRevision} but cannot read it`);
    }
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  /**
   * ESDB refused the append. For an exact expected revision E only events after
   * E can be a committed copy of this append (ESDB checked E+1 itself); for the
   * other expectations the whole stream is searched.
   */
  private async answerRefusedAppend(
    streamId: string,
    ids: string[],
    expected: ExpectedRevision,
    actual: bigint | null | undefined,
  ): Promise<AppendResult> {
    const from = typeof expected === 'bigint' ? expected + 1n : 0n;
    const { written, lastSeen } = await this.findWritten(streamId, ids, from);
    const verdict = judgeRetry(ids, written);
    if (verdict.kind === 'original') return { ...verdict.result, repeated: true };
    if (verdict.kind === 'conflict') throw new IdempotencyConflictError(streamId, verdict.ids);
    const current =
      actual !== undefined ? actual : (lastSeen ?? (from > 0n ? await this.lastRevision(streamId) : null));
    throw new WrongExpectedRevisionError(streamId, expected, current);
  }

  private async findWritten(
    streamId: string,
    ids: string[],
    fromRevision: bigint,
  ): Promise<{ written: Map<string, WrittenEvent>; lastSeen: bigint | null }> {
    const wanted = new Set(ids);
    const written = new Map<string, WrittenEvent>();
    let lastSeen: bigint | null = null;
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS })) {
        const event = toRecordedEvent(resolved);
        if (!event) continue;
        lastSeen = event.revision;
        const id = normalizeId(event.id);
        if (wanted.has(id) && !written.has(id)) written.set(id, { revision: event.revision, position: event.position });
      }
    } catch (error) {
      if (!isStreamNotFoundError(error)) throw toPortError(error);
    }
    return { written, lastSeen };
  }

  private async lastRevision(streamId: string): Promise<bigint | null> {
    const [last] = await this.collect(
      this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
    );
    return last?.revision ?? null;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    return this.collect(
      this.client.readStream(streamId, {
        fromRevision: options.fromRevision ?? START,
        direction: FORWARDS,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      }),
    );
  }

  /**
   * ESDB has no index by event id: the stream is read backwards from its end,
   * at most `idLookupDepth` events deep. A retry arrives soon after its first
   * attempt, so the events it looks for are near the end.
   */
  async readEventsById(streamId: string, eventIds: readonly string[]): Promise<RecordedEvent[]> {
    this.assertOpen();
    const wanted = new Set(eventIds.map(normalizeId));
    if (wanted.size === 0) return [];
    const found: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: this.idLookupDepth,
      })) {
        const event = toRecordedEvent(resolved);
        if (event && wanted.has(normalizeId(event.id))) {
          found.push(event);
          if (found.length === wanted.size) break;
        }
      }
    } catch (error) {
      if (!isStreamNotFoundError(error)) throw toPortError(error);
    }
    return found.sort((a, b) => (a.revision < b.revision ? -1 : a.revision > b.revision ? 1 : 0));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    const result: RecordedEvent[] = [];
    // The page may hold system events and, when starting from a position, the event at that position itself:
    // keep reading until maxCount user events are found or the log ends.
    let cursor = options.after ?? null;
    while (result.length < options.maxCount) {
      const pageSize = Math.max(options.maxCount - result.length + 1, this.readPageSize);
      const page = await this.collectAll(cursor, pageSize, FORWARDS);
      const fresh = strictlyAfter(page, cursor);
      for (const event of fresh) {
        if (result.length < options.maxCount && !isSystemEvent(event)) result.push(event);
      }
      const last = fresh[fresh.length - 1];
      if (page.length < pageSize || !last) break;
      cursor = last.position;
    }
    return result;
  }

  async headPosition(): Promise<GlobalPosition | null> {
    this.assertOpen();
    let cursor: GlobalPosition | null = null;
    for (;;) {
      const from = cursor;
      const page = await this.collectAll(from, this.readPageSize, BACKWARDS);
      // A backwards page may start with the event at the cursor itself.
      const older: RecordedEvent[] = from ? page.filter((e) => comparePositions(e.position, from) < 0) : page;
      const newest = older.find((e) => !isSystemEvent(e));
      if (newest) return newest.position;
      const oldest: RecordedEvent | undefined = older[older.length - 1];
      if (page.length < this.readPageSize || !oldest) return null;
      cursor = oldest.position;
    }
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    if (this.closed) {
      const done = Promise.reject(new EventStoreUnavailableError('The event store is closed'));
      done.catch(() => undefined);
      return { done, stop: () => Promise.resolve() };
    }
    this.startWakeups();
    // Data always comes from readAll (strictly after the last delivered position); the ESDB
    // subscription below only says "something was appended". That keeps one code path for
    // catch-up and live, and sidesteps ESDB's catch-up subscriptions starting after the given position.
    const inner = runSubscription({
      after: options.after ?? null,
      batchSize: options.batchSize ?? 500,
      read: (after, maxCount) => this.readAll({ after, maxCount }),
      generation: () => this.appended.generation,
      waitForAppend: (timeoutMs, signal) => this.appended.wait(timeoutMs, signal),
      handler,
    });
    const subscription: Subscription = {
      done: inner.done,
      stop: async () => {
        this.subscriptions.delete(subscription);
        await inner.stop();
      },
    };
    this.subscriptions.add(subscription);
    void inner.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.wakeupRetry) clearTimeout(this.wakeupRetry);
    this.wakeupRetry = null;
    this.appended.close();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const wakeups = this.wakeups;
    this.wakeups = null;
    await wakeups?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
  }

  private async collect(read: AsyncIterable<ResolvedEvent>): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (isStreamNotFoundError(error)) return [];
      throw toPortError(error);
    }
    return events;
  }

  private collectAll(
    from: GlobalPosition | null,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<RecordedEvent[]> {
    const start = direction === FORWARDS ? START : END;
    return this.collect(
      this.client.readAll({ fromPosition: from ? toEsdbPosition(from) : start, maxCount, direction }),
    );
  }

  /**
   * One live `$all` subscription per store, from the end and without system
   * events, that only bumps the generation. On error it is re-opened with
   * backoff; polling covers the gap.
   */
  private startWakeups(): void {
    if (this.closed || this.wakeups || this.wakeupRetry) return;
    const wakeups = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.wakeups = wakeups;
    const restart = () => {
      if (this.wakeups !== wakeups) return;
      this.wakeups = null;
      void wakeups.unsubscribe().catch(() => undefined);
      if (this.closed) return;
      const delay = this.wakeupDelayMs;
      this.wakeupDelayMs = Math.min(delay * 2, MAX_BACKOFF_MS);
      this.wakeupRetry = setTimeout(() => {
        this.wakeupRetry = null;
        this.startWakeups();
      }, delay);
      this.wakeupRetry.unref();
    };
    wakeups.on('confirmation', () => {
      this.wakeupDelayMs = 250;
      // Appends made while the subscription was (re)connecting sent no wake-up: have subscribers look once.
      this.appended.signal();
    });
    wakeups.on('data', () => this.appended.signal());
    wakeups.on('error', restart);
    wakeups.on('end', restart);
    wakeups.on('close', restart);
  }
}
