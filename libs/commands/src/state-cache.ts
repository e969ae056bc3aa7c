import { readEvent, type Decider, type DomainEvent } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import { evolveLoaded, type LoadedStream, type StreamLoader } from './stream-state';

/**
 * Streams' decided states kept in memory between commands, least recently
 * used first, each checked against its stream on use by reading the tail
 * after the revision it holds: a command on a long stream (a pharmacy's
 * stock) then costs the tail, not a fold. When the store can tell that no
 * other process appended since the last check (`knowledgeToken`), the tail
 * is not read at all: this process's own appends are folded in already. A
 * cache, never the truth: whatever is not in it is loaded by the loader it
 * wraps, an entry that may be stale is forgotten, and a command's append
 * still names the revision it decided on, so a state that was stale after
 * all only costs a conflict and a second decision.
 */
export class StateCache {
  private readonly entries = new Map<string, LoadedStream<unknown>>();
  /** The store's knowledge token when each entry was last checked against its stream (see `EventStore.knowledgeToken`). */
  private readonly checkedAt = new Map<string, number>();
  /** Tails read and tails the store's knowledge made unnecessary: for tests and metrics. */
  readonly stats = { tailsRead: 0, tailsSkipped: 0 };

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
      // Taken before the stream is read: an append by another process while it is read changes it.
      const token = this.store.knowledgeToken?.() ?? null;
      if (cached) {
        this.entries.delete(streamId);
        this.entries.set(streamId, cached);
        if (
          token !== null &&
          this.checkedAt.get(streamId) === token &&
          this.store.unchangedSince?.(streamId, cached.meta.revision)
        ) {
          // Nobody else appended since it was checked, and this process's appends are in it already.
          this.stats.tailsSkipped += 1;
          return cached;
        }
        const from = cached.meta.revision === null ? 0n : cached.meta.revision + 1n;
        const tail = await this.store.readStream(streamId, { fromRevision: from });
        this.stats.tailsRead += 1;
        this.check(streamId, token);
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
      this.check(streamId, token);
      while (this.entries.size > this.capacity) this.forget(this.entries.keys().next().value!);
      return loaded;
    };
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
    this.checkedAt.delete(streamId);
  }

  private check(streamId: string, token: number | null): void {
    if (token === null) this.checkedAt.delete(streamId);
    else this.checkedAt.set(streamId, token);
  }

  get size(): number {
    return this.entries.size;
  }
}
