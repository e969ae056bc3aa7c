/**
 * Pure translations between the event store port and `@eventstore/db-client`,
 * kept apart from the adapter so they can be unit tested without a server.
 */
import {
  ANY,
  ErrorType,
  NO_STREAM,
  STREAM_EXISTS,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import {
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../port';

/** gRPC status UNAVAILABLE: the server cannot be reached (or is shutting down). */
export const GRPC_UNAVAILABLE = 14;
/** gRPC status DEADLINE_EXCEEDED: no answer in time; the caller may retry (appends are idempotent by event id). */
export const GRPC_DEADLINE_EXCEEDED = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

/** ESDB reports a missing stream as `'no_stream'`; the port says null. */
export function toActualRevision(current: CurrentRevision | undefined): bigint | null {
  return typeof current === 'bigint' && current >= 0n ? current : null;
}

export function toGlobalPosition(position: Position): GlobalPosition {
  return { commit: position.commit, prepare: position.prepare };
}

export function toEsdbPosition(position: GlobalPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** Event types ESDB reserves for itself (`$metadata`, `$statsCollected`, links `$>`…). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/**
 * What `$all` readers skip: system event types, and anything in a `$` stream
 * (projection results and checkpoints there need not have a `$` type). The
 * adapter never writes either, so no event of ours is skipped.
 */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return isSystemEventType(event.type) || event.streamId.startsWith('$');
}

/**
 * ESDB reads `$all` from a position inclusively (and a backwards page may
 * overlap the previous one); the port promises "strictly after".
 */
export function strictlyAfter<T extends { position: GlobalPosition }>(events: T[], after: GlobalPosition | null): T[] {
  if (!after) return events;
  return events.filter((event) => comparePositions(event.position, after) > 0);
}

/** A read that throws one of these is a "store down" condition, not a bug. */
export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, type } = error as { code?: unknown; type?: unknown };
  // appendToStream against a closed port rejects with a plain gRPC Error (code 14), readStream with UnavailableError.
  return (
    type === ErrorType.UNAVAILABLE ||
    type === ErrorType.DEADLINE_EXCEEDED ||
    // A follower refused a write; the client reconnects to the leader on the next call.
    type === ErrorType.NOT_LEADER ||
    code === GRPC_UNAVAILABLE ||
    code === GRPC_DEADLINE_EXCEEDED
  );
}

export function isWrongExpectedVersionError(
  error: unknown,
): error is { type: ErrorType.WRONG_EXPECTED_VERSION; actualVersion: CurrentRevision } {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { type?: unknown }).type === ErrorType.WRONG_EXPECTED_VERSION
  );
}

export function isStreamNotFoundError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND
  );
}

/** Client errors as the port's errors; anything unrecognised is passed through unchanged. */
export function toPortError(error: unknown, streamId?: string, expected?: ExpectedRevision): unknown {
  if (isUnavailableError(error)) {
    return new EventStoreUnavailableError('EventStoreDB cannot be reached', { cause: error });
  }
  if (isWrongExpectedVersionError(error) && streamId !== undefined && expected !== undefined) {
    return new WrongExpectedRevisionError(streamId, expected, toActualRevision(error.actualVersion));
  }
  return error;
}

/**
 * The PostgreSQL adapter's checks, so both adapters refuse the same input, plus
 * the `$` prefix ESDB reserves (readAll skips such events, so they would vanish).
 */
export function validateAppend(streamId: string, events: NewEvent[]): Error | null {
  if (!streamId) return new TypeError('A stream id is required');
  if (streamId.startsWith('$'))
    return new TypeError(`Stream ids starting with "$" are reserved by EventStoreDB: ${streamId}`);
  if (events.length === 0) return new TypeError(`Nothing to append to ${streamId}`);
  for (const event of events) {
    if (!UUID.test(event.id)) return new TypeError(`Event id must be a uuid, got "${event.id}"`);
    if (!event.type) return new TypeError('Event type is required');
    if (isSystemEventType(event.type))
      return new TypeError(`Event types starting with "$" are reserved: ${event.type}`);
    if (Number.isNaN(Date.parse(event.metadata?.occurredAt))) {
      return new TypeError(`Event ${event.id} has no valid metadata.occurredAt`);
    }
  }
  return null;
}

/** ESDB event ids come back lower case; compare ids that way. */
export function normalizeId(id: string): string {
  return id.toLowerCase();
}

/** Where an id of the append was found in the stream. */
export interface WrittenEvent {
  revision: bigint;
  position: GlobalPosition;
}

export type RetryVerdict =
  { kind: 'original'; result: AppendResult } | { kind: 'conflict'; ids: string[] } | { kind: 'fresh' };

/**
 * After ESDB refused an append, decide what the port answers: every id already
 * in the stream → the retry of a committed append, answered as the original;
 * some → an idempotency conflict; none → a real concurrency conflict.
 */
export function judgeRetry(ids: string[], written: ReadonlyMap<string, WrittenEvent>): RetryVerdict {
  const already = ids.filter((id) => written.has(normalizeId(id)));
  if (already.length === 0) return { kind: 'fresh' };
  if (already.length < ids.length || new Set(ids.map(normalizeId)).size !== ids.length) {
    return { kind: 'conflict', ids: already };
  }
  let last: WrittenEvent | null = null;
  for (const id of ids) {
    const event = written.get(normalizeId(id))!;
    if (!last || event.revision > last.revision) last = event;
  }
  return { kind: 'original', result: { nextExpectedRevision: last!.revision, position: last!.position } };
}

/** Largest unsigned 64-bit value: what servers older than 22.6 send instead of a stream event's position. */
const NO_POSITION = 0xffff_ffff_ffff_ffffn;

function toMetadata(raw: unknown, created: Date): EventMetadata {
  if (typeof raw === 'object' && raw !== null && !(raw instanceof Uint8Array)) return raw as EventMetadata;
  // An event written by another tool: give it the envelope shape the port promises.
  return { userId: null, pharmacyId: null, correlationId: '', causationId: null, occurredAt: created.toISOString() };
}

/** A resolved ESDB event as the port's RecordedEvent; null for an unresolvable link. */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event) return null;
  const fallback = resolved.commitPosition ?? NO_POSITION;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata, event.created),
    streamId: event.streamId,
    revision: event.revision,
    position: event.position ? toGlobalPosition(event.position) : { commit: fallback, prepare: fallback },
    recordedAt: event.created,
  };
}
