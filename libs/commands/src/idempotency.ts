import { DomainError } from '@pharmacy/domain';
import { IdempotencyConflictError, nameBasedUuid, type EventStore, type RecordedEvent } from '@pharmacy/event-store';

/** A command sent with an Idempotency-Key: who sent which key for which step, and a hash of the request. */
export interface CommandIdentity {
  /** `{user}|{key}|{step}`: the event ids derive from it, so a repeat writes the same ids. */
  commandId: string;
  requestHash: string;
}

/** Most events one command appends to one stream (a bound for reading a repeat's events back). */
const MAX_EVENTS_PER_COMMAND = 1000;

export const idempotencyKeyReused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );

/** The id of the event at `index` of a keyed command: the same on every attempt. */
export function keyedEventId(identity: CommandIdentity, index: number): string {
  return nameBasedUuid(`${identity.commandId}#${index}`);
}

/**
 * The events a keyed command recorded on this stream earlier, or null; the
 * same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED).
 * `firstEventId`: the id of its first event when the ids derive from what the
 * events record rather than from the key.
 */
export async function recordedBy(
  store: EventStore,
  streamId: string,
  identity: CommandIdentity,
  firstEventId = keyedEventId(identity, 0),
): Promise<RecordedEvent[] | null> {
  const [first] = await store.readEventsById(streamId, [firstEventId]);
  // Absent, or the id is the record's own (derived from its facts) and another command wrote it: not a repeat.
  if (!first || first.metadata.commandId !== identity.commandId) return null;
  if (first.metadata.requestHash !== identity.requestHash) throw idempotencyKeyReused();
  const following = await store.readStream(streamId, {
    fromRevision: first.revision,
    maxCount: MAX_EVENTS_PER_COMMAND,
  });
  const own: RecordedEvent[] = [];
  for (const event of following) {
    if (event.metadata.commandId !== identity.commandId) break;
    own.push(event);
  }
  return own;
}

/**
 * Runs a keyed command once however often it is sent (ADR 0008): its event
 * ids derive from the key, so a repeat finds what its first attempt recorded
 * and is answered from that (`replay`), appending nothing.
 *
 * A repeat is looked for only when something says this may be one, so a
 * first attempt (the usual case) costs no extra read: the decision refuses or
 * changes nothing (what a repeat of a command that landed meets), or the
 * append finds the ids recorded already. A store that may write a repeat
 * again (`refusesRepeatedIds` false) is asked first. Ids recorded on another
 * stream (the key used at another pharmacy) are another request under the key.
 */
export async function handleOnce<Result extends { events: readonly unknown[] }, Replayed>(
  store: EventStore,
  streamId: string,
  identity: CommandIdentity,
  firstEventId: string | undefined,
  run: () => Promise<Result>,
  replay: (recorded: RecordedEvent[]) => Promise<Replayed>,
  onLookup?: () => void,
): Promise<{ result: Result; replayed: false } | { result: Replayed; replayed: true }> {
  let looked = false;
  const lookUp = async () => {
    looked = true;
    onLookup?.();
    const recorded = await recordedBy(store, streamId, identity, firstEventId);
    return recorded ? { result: await replay(recorded), replayed: true as const } : null;
  };
  if (!store.refusesRepeatedIds) {
    const repeat = await lookUp();
    if (repeat) return repeat;
  }
  let result: Result;
  try {
    result = await run();
  } catch (error) {
    // A refusal may be what a repeat of a command that landed meets; a crash is passed on as it is
    // (its retry, under the same key, is answered from whatever landed).
    const idsRecorded = error instanceof IdempotencyConflictError;
    if (idsRecorded || (error instanceof DomainError && !looked)) {
      const repeat = await lookUp();
      if (repeat) return repeat;
    }
    // Written on another stream: this key was used for another request.
    if (idsRecorded) throw idempotencyKeyReused();
    throw error;
  }
  if (result.events.length === 0 && !looked) {
    const repeat = await lookUp();
    if (repeat) return repeat;
  }
  return { result, replayed: false };
}
