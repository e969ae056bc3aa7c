/**
 * The event store port. Every adapter (PostgreSQL, EventStoreDB) passes the
 * same contract suite (`event-store.contract.ts`).
 */

/** Context that travels with every event. `occurredAt` is business time (ISO 8601). */
export interface EventMetadata {
  userId: string | null;
  pharmacyId: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  /** The version of the data's shape (libs/domain `eventVersions`); absent means 1. */
  schemaVersion?: number;
  /**
   * The command that appended the event, when its client sent an
   * Idempotency-Key (the event ids derive from it), with a hash of the request:
   * a repeat of the key with another request is refused.
   */
  commandId?: string | null;
  requestHash?: string | null;
}

/** An event to append. `id` makes appends idempotent: appending the same ids again writes nothing. */
export interface NewEvent<Data = unknown> {
  id: string;
  type: string;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A place in the global log. PostgreSQL has one number (both parts equal);
 * EventStoreDB has a commit and a prepare position, and both are kept.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<Data = unknown> extends NewEvent<Data> {
  streamId: string;
  /** Position of the event inside its stream, from 0. */
  revision: bigint;
  position: GlobalPosition;
  /** Commit time in the store. */
  recordedAt: Date;
}

/**
 * What the writer believes about the stream:
 * `'any'` no check; `'no_stream'` must not exist yet; `'stream_exists'` must exist;
 * a bigint: the revision of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream: the expected revision of the next append. */
  nextExpectedRevision: bigint;
  /** Global position of the last event of this append. */
  position: GlobalPosition;
  /**
   * True when nothing was written now: these ids were appended before (a
   * retry), and the answer is that append's. Its events may differ from the
   * ones just sent: read them back to know what was recorded. Absent when the
   * adapter cannot tell (EventStoreDB recognising a retry by itself).
   */
  repeated?: boolean;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return only events strictly after this position; null or absent: from the start. */
  after?: GlobalPosition | null;
  maxCount: number;
}

export interface SubscribeOptions {
  /** Deliver only events strictly after this position; null or absent: from the start. */
  after?: GlobalPosition | null;
  /** Largest batch handed to the handler. Default 500. */
  batchSize?: number;
}

/**
 * A running subscription. Batches are delivered one at a time, in position
 * order, never skipping an event and never repeating one; the next batch
 * waits until the handler's promise settles. If the handler throws, the
 * subscription stops and `done` rejects with that error.
 */
export interface Subscription {
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

export type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

export interface EventStore {
  /**
   * True when an append that repeats an event id already in the store is never
   * written again, whatever its expected revision: it is answered as the first
   * append was, or refused with IdempotencyConflictError (PostgreSQL keeps every
   * id). False when some repeats can be written twice (EventStoreDB, see its
   * adapter): then a keyed command must look for its earlier append first.
   */
  readonly refusesRepeatedIds: boolean;
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The events of one stream with these ids (in revision order; ids not found
   * are left out). How a command recognises its own earlier append on a retry.
   */
  readEventsById(streamId: string, eventIds: readonly string[]): Promise<RecordedEvent[]>;
  /** Events of all streams in global position order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the newest event, or null when the log is empty. */
  headPosition(): Promise<GlobalPosition | null>;
  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription;
  /**
   * Optional: what this process knows of the log without reading it. A token
   * that stays the same while every append since was made by this process
   * (other processes' appends and any time it could not tell change it), or
   * null when it cannot tell at all. With `unchangedSince`, a cache of stream
   * states can skip reading a stream's tail (ADR 0020).
   */
  knowledgeToken?(): number | null;
  /**
   * Optional: whether `streamId` can still be at `revision`, given that the
   * token has not changed since the state was read: true unless this process
   * appended to it beyond that revision.
   */
  unchangedSince?(streamId: string, revision: bigint | null): boolean;
  close(): Promise<void>;
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}
