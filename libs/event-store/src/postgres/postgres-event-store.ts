import { Client, Pool, type PoolClient } from 'pg';
import { EventStoreUnavailableError, IdempotencyConflictError, WrongExpectedRevisionError } from '../errors';
import type {
  AppendResult,
  BatchHandler,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port';
import { AppendSignal, runSubscription } from '../subscription';

/** Key of the transaction-level advisory lock that serialises appends (any constant unique to this app). */
const APPEND_LOCK_KEY = 7_364_201_911;
const NOTIFY_CHANNEL = 'eventstore_appended';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** eventstore.append_batch (schema.ts, migration 1763800000000): a whole batch in one round trip, see commitInOneStatement. */
const APPEND_BATCH =
  'SELECT applied, base, currents FROM eventstore.append_batch($1::bigint, $2::text[], $3::text[], $4::bigint[], $5::bigint[], ' +
  '$6::int[], $7::bigint[], $8::uuid[], $9::text[], $10::jsonb[], $11::jsonb[], $12::timestamptz[])';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Connections for appends and reads. Default 10. */
  poolSize?: number;
  /** Most events written in one coalesced transaction. Default 1000. */
  maxEventsPerCommit?: number;
  /** How often a subscriber looks for new events when no notification arrives. Default 1000 ms. */
  pollIntervalMs?: number;
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: NewEvent['metadata'];
  recorded_at: Date;
}

const SELECT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  const position = BigInt(row.position);
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: { commit: position, prepare: position },
    recordedAt: row.recorded_at,
  };
}

function position(value: bigint): GlobalPosition {
  return { commit: value, prepare: value };
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
  ].includes(code);
}

/**
 * PostgreSQL adapter of the event store port.
 *
 * Concurrent appends from this process are coalesced into one transaction
 * (group commit): the global advisory lock makes position order equal commit
 * order, and coalescing wins back the throughput that lock costs. Each append
 * in a batch is checked on its own, so one stale writer does not fail the others.
 */
export class PostgresEventStore implements EventStore {
  /** Every event id ever written is unique in eventstore.events. */
  readonly refusesRepeatedIds = true;
  private readonly pool: Pool;
  private readonly queue: PendingAppend[] = [];
  private committing = false;
  private listener: Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private closed = false;
  private readonly appended: AppendSignal;
  private readonly maxEventsPerCommit: number;
  private readonly pollIntervalMs: number;
  /**
   * What this process can tell of the log without reading it. `foreign`
   * changes whenever an append it did not make is notified, and whenever it
   * was not listening (then it cannot tell); `ownEnds` are the last positions
   * of its own commits not notified yet (notifications arrive in commit
   * order); `ownRevisions` the revision it last appended to each stream.
   */
  private foreign = 0;
  private listening = false;
  /** A commit of this process is on its way: a notification meanwhile may be its own, not yet told apart. */
  private inFlight = 0;
  private readonly unexplained = new Set<bigint>();
  private readonly ownEnds = new Set<bigint>();
  private readonly ownRevisions = new Map<string, bigint>();

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.pool = new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
    this.pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next checkout.
    });
    // A checked-out client is not the pool's to listen to: without a listener of its own, losing its
    // connection (PostgreSQL restarted) would crash the process. Its queries fail; the pool drops it.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.maxEventsPerCommit = options.maxEventsPerCommit ?? 1000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.appended = new AppendSignal(this.pollIntervalMs);
  }

  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new EventStoreUnavailableError('The event store is closed'));
    const invalid = validateAppend(streamId, events);
    if (invalid) return Promise.reject(invalid);
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ streamId, events, expected: expectedRevision, resolve, reject });
      this.commitQueued();
    });
  }

  private commitQueued(): void {
    if (this.committing || this.queue.length === 0) return;
    this.committing = true;
    const batch: PendingAppend[] = [];
    let size = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      if (batch.length > 0 && size + next.events.length > this.maxEventsPerCommit) break;
      batch.push(this.queue.shift()!);
      size += next.events.length;
    }
    void this.commitBatch(batch).finally(() => {
      this.committing = false;
      this.commitQueued();
    });
  }

  private async commitBatch(batch: PendingAppend[]): Promise<void> {
    this.inFlight += 1;
    try {
      const plan = planOneStatement(batch);
      if (plan && (await this.commitInOneStatement(batch, plan))) return;
      await this.commitChecked(batch);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0 && this.unexplained.size > 0) {
        // Notified while a commit of its own was on its way, and not that commit: another process's.
        this.unexplained.clear();
        this.foreign += 1;
      }
    }
  }

  /**
   * The common case in one round trip, so the append lock is held for one
   * statement and the commit instead of seven round trips and the commit:
   * eventstore.append_batch takes the lock, checks every expectation and id
   * and writes the batch, or writes nothing when any append would not pass.
   * Returns false in that case: the general path then answers each append.
   */
  private async commitInOneStatement(batch: PendingAppend[], plan: OneStatementPlan): Promise<boolean> {
    let row: AppendBatchRow;
    try {
      const { rows } = await this.pool.query<AppendBatchRow>(APPEND_BATCH, [APPEND_LOCK_KEY, ...plan.params]);
      row = rows[0]!;
    } catch (error) {
      const failure = isConnectionError(error)
        ? new EventStoreUnavailableError('The event store database cannot be reached', { cause: error })
        : error;
      for (const append of batch) append.reject(failure);
      return true;
    }
    if (!row.applied) return false;
    this.appended.signal();
    const base = BigInt(row.base!);
    const answers = plan.answers.map(({ append, stream, revisionOffset, eventIndex }) => {
      const before = row.currents[stream];
      const revision = (before == null ? -1n : BigInt(before)) + revisionOffset;
      return { append, result: { nextExpectedRevision: revision, position: position(base + eventIndex) } };
    });
    this.noteOwnCommit(
      base + BigInt(batch.reduce((count, append) => count + append.events.length, 0)),
      answers.map(({ append, result }) => [append.streamId, result.nextExpectedRevision]),
    );
    for (const { append, result } of answers) append.resolve(result);
    return true;
  }

  /** The general path: reads under the lock, then each append is checked on its own. */
  private async commitChecked(batch: PendingAppend[]): Promise<void> {
    const outcomes: Array<() => void> = [];
    let client: PoolClient | null = null;
    try {
      client = await this.pool.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);

      const streamIds = [...new Set(batch.map((a) => a.streamId))];
      const eventIds = batch.flatMap((a) => a.events.map((e) => e.id.toLowerCase()));
      const streams = await client.query<{ stream_id: string; revision: string }>(
        'SELECT stream_id, revision FROM eventstore.streams WHERE stream_id = ANY($1::text[])',
        [streamIds],
      );
      const existing = await client.query<{ event_id: string; stream_id: string; revision: string; position: string }>(
        'SELECT event_id, stream_id, revision, position FROM eventstore.events WHERE event_id = ANY($1::uuid[])',
        [eventIds],
      );
      const head = await client.query<{ head: string }>(
        'SELECT coalesce(max(position), 0) AS head FROM eventstore.events',
      );
      const revisions = new Map<string, bigint>(streams.rows.map((r) => [r.stream_id, BigInt(r.revision)]));
      const written = new Map(existing.rows.map((r) => [r.event_id, r]));
      const planned = new Map<string, PendingAppend>();
      const results = new Map<PendingAppend, AppendResult>();
      let next = BigInt(head.rows[0]!.head);

      const cols = {
        position: [] as string[],
        id: [] as string[],
        stream: [] as string[],
        revision: [] as string[],
        type: [] as string[],
        data: [] as string[],
        metadata: [] as string[],
        occurredAt: [] as string[],
      };

      for (const append of batch) {
        const ids = append.events.map((e) => e.id.toLowerCase());
        const already = ids.filter((id) => written.has(id));
        if (already.length > 0) {
          // A retry of an append that was already committed: answer as the original did.
          const rows = already.map((id) => written.get(id)!);
          if (already.length === ids.length && rows.every((r) => r.stream_id === append.streamId)) {
            const last = rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
            const result = {
              nextExpectedRevision: BigInt(last.revision),
              position: position(BigInt(last.position)),
              repeated: true,
            };
            outcomes.push(() => append.resolve(result));
          } else {
            outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, already)));
          }
          continue;
        }
        const twin = planned.get(ids[0]!);
        if (twin) {
          // The same append submitted twice in one batch (a fast retry): one write, two identical answers.
          if (twin.streamId === append.streamId && ids.every((id) => planned.get(id) === twin)) {
            outcomes.push(() => append.resolve({ ...results.get(twin)!, repeated: true }));
          } else {
            outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, ids)));
          }
          continue;
        }
        if (ids.some((id) => planned.has(id)) || new Set(ids).size !== ids.length) {
          outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, ids)));
          continue;
        }
        const current = revisions.get(append.streamId) ?? null;
        if (!revisionMatches(append.expected, current)) {
          const error = new WrongExpectedRevisionError(append.streamId, append.expected, current);
          outcomes.push(() => append.reject(error));
          continue;
        }
        let revision = current ?? -1n;
        for (const event of append.events) {
          revision += 1n;
          next += 1n;
          cols.position.push(next.toString());
          cols.id.push(event.id);
          cols.stream.push(append.streamId);
          cols.revision.push(revision.toString());
          cols.type.push(event.type);
          cols.data.push(JSON.stringify(event.data ?? null));
          cols.metadata.push(JSON.stringify(event.metadata));
          cols.occurredAt.push(event.metadata.occurredAt);
          planned.set(event.id.toLowerCase(), append);
        }
        revisions.set(append.streamId, revision);
        const result = { nextExpectedRevision: revision, position: position(next) };
        results.set(append, result);
        outcomes.push(() => append.resolve(result));
      }

      if (cols.position.length > 0) {
        await client.query(
          `INSERT INTO eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
           SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::jsonb[], $8::timestamptz[])`,
          [cols.position, cols.id, cols.stream, cols.revision, cols.type, cols.data, cols.metadata, cols.occurredAt],
        );
        const touched = [...new Set(cols.stream)];
        await client.query(
          `INSERT INTO eventstore.streams (stream_id, revision)
           SELECT * FROM unnest($1::text[], $2::bigint[])
           ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision`,
          [touched, touched.map((s) => revisions.get(s)!.toString())],
        );
        await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, next.toString()]);
      }
      await client.query('COMMIT');
      if (cols.position.length > 0) {
        this.noteOwnCommit(
          next,
          [...results].map(([append, result]) => [append.streamId, result.nextExpectedRevision]),
        );
        this.appended.signal();
      }
      for (const outcome of outcomes) outcome();
    } catch (error) {
      if (client) await client.query('ROLLBACK').catch(() => undefined);
      const failure = isConnectionError(error)
        ? new EventStoreUnavailableError('The event store database cannot be reached', { cause: error })
        : error;
      for (const append of batch) {
        // Nothing of this batch was written, including appends that had passed their checks.
        append.reject(failure);
      }
    } finally {
      client?.release();
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM eventstore.events
       WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
      [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readEventsById(streamId: string, eventIds: readonly string[]): Promise<RecordedEvent[]> {
    const ids = eventIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    const { rows } = await this.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM eventstore.events
       WHERE event_id = ANY($1::uuid[]) AND stream_id = $2 ORDER BY revision`,
      [ids, streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await this.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM eventstore.events WHERE position > $1 ORDER BY position LIMIT $2`,
      [(options.after?.commit ?? 0n).toString(), options.maxCount],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.query<{ head: string | null }>(
      'SELECT max(position) AS head FROM eventstore.events',
      [],
    );
    const head = rows[0]?.head;
    return head ? position(BigInt(head)) : null;
  }

  knowledgeToken(): number | null {
    if (!this.listening) {
      void this.startListener();
      return null;
    }
    return this.unexplained.size > 0 ? null : this.foreign;
  }

  unchangedSince(streamId: string, revision: bigint | null): boolean {
    const own = this.ownRevisions.get(streamId);
    return own === undefined || (revision !== null && own <= revision);
  }

  /** A commit of this process: its last position (to tell its notification from others'), and each stream's revision. */
  private noteOwnCommit(end: bigint, revisions: ReadonlyArray<readonly [string, bigint]>): void {
    if (this.ownEnds.size >= 10_000 || this.ownRevisions.size >= 100_000) {
      // Too much to keep: forget it, and say that nothing can be told of what came before.
      this.ownEnds.clear();
      this.ownRevisions.clear();
      this.foreign += 1;
    }
    // Its notification may have come first, while it was on its way.
    if (!this.unexplained.delete(end)) this.ownEnds.add(end);
    for (const [streamId, revision] of revisions) {
      const known = this.ownRevisions.get(streamId);
      if (known === undefined || revision > known) this.ownRevisions.set(streamId, revision);
    }
  }

  /**
   * A notified commit (notifications come in commit order): this process's
   * own, one to tell apart once its own commit on the way is answered, or
   * another's, which changes the token.
   */
  private notified(payload: string | undefined): void {
    const end = payload && /^\d+$/.test(payload) ? BigInt(payload) : null;
    if (end === null) {
      this.foreign += 1;
      return;
    }
    // Earlier own commits were notified before this one, whatever became of their notifications.
    for (const own of this.ownEnds) if (own < end) this.ownEnds.delete(own);
    if (this.ownEnds.delete(end)) return;
    if (this.inFlight > 0) this.unexplained.add(end);
    else this.foreign += 1;
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    void this.startListener();
    return runSubscription({
      after: options.after ?? null,
      batchSize: options.batchSize ?? 500,
      read: (after, maxCount) => this.readAll({ after, maxCount }),
      generation: () => this.appended.generation,
      waitForAppend: (timeoutMs, signal) => this.appended.wait(timeoutMs, signal),
      handler,
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.appended.close();
    while (this.committing || this.queue.length > 0) await new Promise((r) => setTimeout(r, 5));
    const listener = this.listener;
    this.listener = null;
    this.listening = false;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  private async query<Row extends object>(text: string, values: unknown[]) {
    try {
      return await this.pool.query<Row>(text, values);
    } catch (error) {
      if (isConnectionError(error))
        throw new EventStoreUnavailableError('The event store database cannot be reached', { cause: error });
      throw error;
    }
  }

  /** LISTEN for appends made by other processes; polling covers the time it is down. */
  private startListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new Client({ connectionString: this.options.connectionString });
      client.on('notification', (message) => {
        this.notified(message.payload);
        this.appended.signal();
      });
      client.on('end', () => {
        // Closed without an error (the server ended it): nothing can be told until it listens again.
        this.listening = false;
        this.foreign += 1;
        if (this.listener === client) this.listener = null;
      });
      client.on('error', () => {
        this.listening = false;
        this.foreign += 1;
        if (this.listener === client) this.listener = null;
        void client.end().catch(() => undefined);
        setTimeout(() => void this.startListener(), this.pollIntervalMs).unref();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        if (this.closed) await client.end();
        else {
          this.listener = client;
          // What was appended before it listened is unknown to it: every state read before is checked once more.
          this.foreign += 1;
          this.listening = true;
        }
      } catch {
        await client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.startListener(), this.pollIntervalMs).unref();
      }
    })().finally(() => {
      this.listenerStarting = null;
    });
    return this.listenerStarting;
  }
}

interface AppendBatchRow {
  applied: boolean;
  base: string | null;
  /** Revision of each stream before the batch (null: no stream), as text. */
  currents: Array<string | null>;
}

interface OneStatementPlan {
  params: unknown[];
  answers: Array<{ append: PendingAppend; stream: number; revisionOffset: bigint; eventIndex: bigint }>;
}

/**
 * Parameters of eventstore.append_batch for a batch whose every outcome is
 * decided by one condition per stream (checked by the function under the
 * lock), or null when some append needs the general path: duplicate ids in
 * the batch, or an expectation that depends on how an earlier append of the
 * same batch fares.
 */
function planOneStatement(batch: PendingAppend[]): OneStatementPlan | null {
  const streams: string[] = [];
  const index = new Map<string, number>();
  const kinds: string[] = [];
  const expectedRevisions: Array<string | null> = [];
  /** Per stream: its revision before the batch when the condition fixes it. */
  const known: Array<bigint | null> = [];
  const added: bigint[] = [];
  const ev = {
    stream: [] as number[],
    offset: [] as string[],
    id: [] as string[],
    type: [] as string[],
    data: [] as string[],
    metadata: [] as string[],
    occurredAt: [] as string[],
  };
  const ids = new Set<string>();
  const answers: OneStatementPlan['answers'] = [];
  for (const append of batch) {
    const expected = append.expected;
    let s = index.get(append.streamId);
    if (s === undefined) {
      s = streams.length;
      index.set(append.streamId, s);
      streams.push(append.streamId);
      added.push(0n);
      if (typeof expected === 'bigint') {
        kinds.push('r');
        expectedRevisions.push(expected.toString());
        known.push(expected);
      } else {
        kinds.push(expected === 'any' ? 'a' : expected === 'no_stream' ? 'n' : 'e');
        expectedRevisions.push(null);
        known.push(expected === 'no_stream' ? -1n : null);
      }
    } else if (expected === 'no_stream') {
      return null; // an earlier append of the batch creates the stream: this one fails
    } else if (typeof expected === 'bigint' && (known[s] === null || known[s]! + added[s]! !== expected)) {
      return null;
    }
    for (const event of append.events) {
      const id = event.id.toLowerCase();
      if (ids.has(id)) return null; // a retry or a conflict inside the batch
      ids.add(id);
      added[s]! += 1n;
      ev.stream.push(s + 1);
      ev.offset.push(added[s]!.toString());
      ev.id.push(event.id);
      ev.type.push(event.type);
      ev.data.push(JSON.stringify(event.data ?? null));
      ev.metadata.push(JSON.stringify(event.metadata));
      ev.occurredAt.push(event.metadata.occurredAt);
    }
    answers.push({ append, stream: s, revisionOffset: added[s]!, eventIndex: BigInt(ev.id.length) });
  }
  return {
    answers,
    params: [
      streams,
      kinds,
      expectedRevisions,
      added.map(String),
      ev.stream,
      ev.offset,
      ev.id,
      ev.type,
      ev.data,
      ev.metadata,
      ev.occurredAt,
    ],
  };
}

function revisionMatches(expected: ExpectedRevision, current: bigint | null): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
}

function validateAppend(streamId: string, events: NewEvent[]): Error | null {
  if (!streamId) return new TypeError('A stream id is required');
  if (events.length === 0) return new TypeError(`Nothing to append to ${streamId}`);
  for (const event of events) {
    if (!UUID.test(event.id)) return new TypeError(`Event id must be a uuid, got "${event.id}"`);
    if (!event.type) return new TypeError('Event type is required');
    if (Number.isNaN(Date.parse(event.metadata?.occurredAt)))
      return new TypeError(`Event ${event.id} has no valid metadata.occurredAt`);
  }
  return null;
}
