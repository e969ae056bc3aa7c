import { readEvent, type Decider, type DomainEvent } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import { evolveLoaded, type LoadedStream, type StreamLoader } from './stream-state';

/**
 * Streams' decided states kept in memory between commands, least recently
 * used first, each checked against its stream on use by reading the tail
 * after the revision it holds: a command on a long stream (a pharmacy's
 * stock) then costs the tail, not a fold. A cache, never the truth: whatever
 * is not in it is loaded by the loader it wraps, and an entry that may be
 * stale is forgotten.
 */
export class StateCache {
  private readonly entries = new Map<string, LoadedStream<unknown>>();

  constructor(
    private readonly store: EventStore,
    /** How many streams it keeps. */
    private readonly capacity: number,
  ) {}

  /** A loader that answers from memory (brought up to the stream's head), else from `load`, and keeps the result. */
  loader<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    load: StreamLoader<State>,
  ): StreamLoader<State> {
    return async () => {
      const cached = this.entries.get(streamId) as LoadedStream<State> | undefined;
      if (cached) {
        this.entries.delete(streamId);
        this.entries.set(streamId, cached);
        const from = cached.meta.revision === null ? 0n : cached.meta.revision + 1n;
        const tail = await this.store.readStream(streamId, { fromRevision: from });
        const last = tail.at(-1);
        if (last) {
          evolveLoaded(
            decider,
            cached,
            tail.map(readEvent<Event>),
            { revision: last.revision, updatedAt: last.metadata.occurredAt },
            () => this.forget(streamId),
          );
        }
        return cached;
      }
      const loaded = await load();
      this.entries.set(streamId, loaded);
      while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
      return loaded;
    };
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
