import { DomainError, type Decider, type DomainEvent } from '@pharmacy/domain';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
} from '@pharmacy/event-store';
import { evolveLoaded, foldStream, type LoadedStream, type StreamLoader, type StreamMeta } from './stream-state';

/** What a command came to: the events it appended (none: it changed nothing) and the state after them. */
export interface Handled<Event, State> {
  events: Event[];
  /** The stream after the command (the same object a cache keeps: read what you need, do not hold on to it). */
  loaded: LoadedStream<State>;
  /** Where the command's last event is in the log; null when it appended nothing. */
  position: GlobalPosition | null;
}

export interface HandleOptions<Event, State> {
  /** How the stream's state is loaded: through a cache or a snapshot (default: folded from the store). */
  load?: StreamLoader<State>;
  /** The events as they are appended: their ids and metadata (the caller knows who and why). */
  toEnvelopes(events: readonly Event[]): NewEvent[];
  /**
   * A check beyond the decider that needs other data: runs after the
   * decision, before the append; it may throw to refuse. The append still
   * names the revision it decided on, so a change meanwhile decides (and
   * checks) again.
   */
  precondition?(state: State, events: readonly Event[], meta: StreamMeta): Promise<void>;
  /**
   * The event ids derive from the facts they record (a batch's expiry, a
   * transfer's step), not from a request: finding one recorded means someone
   * recorded that fact meanwhile, so the command decides again on the stream
   * as it is now (and usually finds nothing left to do). Otherwise a recorded
   * id is the caller's to explain (`handleOnce`): IdempotencyConflictError.
   */
  idsRecordFacts?: boolean;
  /** Attempts before a stream that keeps changing is given up (409 CONCURRENCY_CONFLICT). Default 8. */
  maxAttempts?: number;
  /** The loaded state is stale (another writer appended): a cache drops it. */
  forget?(): void;
  /** Told of each append refused because the stream moved on (WrongExpectedRevision), for metrics. */
  onConflict?(): void;
  /** Told of each retry and why, for metrics. */
  onRetry?(reason: 'conflict' | 'recorded'): void;
}

const DEFAULT_ATTEMPTS = 8;

export const concurrencyConflict = () =>
  new DomainError('CONCURRENCY_CONFLICT', 'This record is being changed by others right now. Please try again.');

/**
 * The one way a command is run, shaped like emmett's `handleCommand`: load
 * the stream's state, decide, append with the revision the decision was made
 * on, and on a conflict load and decide again (with a short jittered pause).
 * Framework-free: the API's executor wraps it with a per-stream queue, the
 * Idempotency-Key (`handleOnce`), an in-memory state (`StateCache`),
 * snapshots, metrics and the read-your-writes wait; a job calls it as it is.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions<Event, State>,
): Promise<Handled<Event, State>> {
  const load = options.load ?? (() => foldStream(store, streamId, decider));
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    const loaded = await load();
    const events = decider.decide(command, loaded.state);
    if (events.length === 0) return { events, loaded, position: null };
    if (options.precondition) await options.precondition(loaded.state, events, loaded.meta);

    const envelopes = options.toEnvelopes(events);
    const expected = loaded.meta.revision;
    let appended;
    try {
      appended = await store.append(streamId, envelopes, expected ?? 'no_stream');
    } catch (error) {
      const recorded = error instanceof IdempotencyConflictError;
      if (!recorded && !(error instanceof WrongExpectedRevisionError)) throw error;
      if (recorded && !options.idsRecordFacts) throw error;
      if (!recorded) options.onConflict?.();
      options.forget?.();
      if (attempt >= maxAttempts) {
        if (recorded) throw error;
        throw concurrencyConflict();
      }
      options.onRetry?.(recorded ? 'recorded' : 'conflict');
      // Another writer won the race: back off a little, with jitter, then decide again on fresh state.
      if (!recorded) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      continue;
    }
    if (appended.repeated || appended.nextExpectedRevision !== (expected ?? -1n) + BigInt(envelopes.length)) {
      // The store answered with an earlier append of the same ids: nothing was written now, and what was
      // recorded then may differ from this decision (another attempt of the command decided it).
      options.forget?.();
      if (options.idsRecordFacts && attempt < maxAttempts) {
        options.onRetry?.('recorded');
        continue;
      }
      throw new IdempotencyConflictError(
        streamId,
        envelopes.map((envelope) => envelope.id),
      );
    }
    const updatedAt = envelopes.at(-1)!.metadata.occurredAt;
    evolveLoaded(decider, loaded, events, { revision: appended.nextExpectedRevision, updatedAt }, options.forget);
    return { events, loaded, position: appended.position };
  }
}
