import { fold, readEvent, type Decider, type DomainEvent } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';

/** Where a stream stood when its state was folded. */
export interface StreamMeta {
  /** Revision of the stream's last event; null when the stream does not exist. */
  revision: bigint | null;
  /** Business time of the stream's first event, when the load read it (not from a snapshot). */
  createdAt: string | null;
  /** Business time of the stream's last event, when known. */
  updatedAt: string | null;
}

/** A stream's folded state, where it stood, and the revision of the snapshot it came from (null: none). */
export interface LoadedStream<State> {
  state: State;
  meta: StreamMeta;
  snapshotRevision: bigint | null;
}

/** Loads a stream's state: folded from the store, or through a snapshot or a cache (see `state-cache`, `snapshots`). */
export type StreamLoader<State> = () => Promise<LoadedStream<State>>;

/**
 * Folds a stream onto `from` (a snapshot's state and revision; absent: the
 * decider's initial state from the first event).
 */
export async function foldStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<unknown, Event, State>,
  from?: { state: State; revision: bigint },
): Promise<LoadedStream<State> & { eventsRead: number }> {
  const tail = await store.readStream(streamId, from ? { fromRevision: from.revision + 1n } : {});
  const state = fold(decider, from ? from.state : decider.initialState(), tail.map(readEvent<Event>));
  const last = tail.at(-1);
  return {
    state,
    meta: {
      revision: last ? last.revision : (from?.revision ?? null),
      createdAt: from ? null : (tail[0]?.metadata.occurredAt ?? null),
      updatedAt: last?.metadata.occurredAt ?? null,
    },
    snapshotRevision: from?.revision ?? null,
    eventsRead: tail.length,
  };
}

/**
 * Folds events into a loaded state and moves it to their revision, in place
 * (a large aggregate's state is changed, not copied). When the fold throws,
 * the caller's copy is no longer to be trusted: `onFailure` drops it.
 */
export function evolveLoaded<Event extends DomainEvent, State>(
  decider: Decider<unknown, Event, State>,
  loaded: LoadedStream<State>,
  events: readonly Event[],
  to: { revision: bigint; updatedAt: string },
  onFailure?: () => void,
): State {
  try {
    loaded.state = fold(decider, loaded.state, events);
  } catch (error) {
    onFailure?.();
    throw error;
  }
  loaded.meta = { ...loaded.meta, revision: to.revision, updatedAt: to.updatedAt };
  return loaded.state;
}
