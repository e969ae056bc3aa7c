import type { Decider, DomainEvent } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import { foldStream, type LoadedStream, type StreamLoader } from './stream-state';

/** How a long stream is snapshotted: the state's format version, and how many new events justify a new snapshot. */
export interface SnapshotPolicy {
  schemaVersion: number;
  every: number;
}

/**
 * Where snapshots are kept (the `snapshots` table: libs/read-db). A cache,
 * never the truth: a snapshot of another format version is not used.
 */
export interface SnapshotStorage {
  load<State>(streamId: string, policy: SnapshotPolicy): Promise<{ state: State; revision: bigint } | null>;
  /** Saves a state serialised to JSON, unless a newer snapshot is stored. */
  save(streamId: string, revision: bigint, stateJson: string, policy: SnapshotPolicy): Promise<void>;
}

/** A loader that folds the stream's tail onto its latest snapshot (or the whole stream without one). */
export function snapshotLoader<Event extends DomainEvent, State>(
  store: EventStore,
  snapshots: SnapshotStorage,
  policy: SnapshotPolicy,
  streamId: string,
  decider: Decider<unknown, Event, State>,
): StreamLoader<State> {
  return async () => {
    const saved = await snapshots.load<State>(streamId, policy);
    return foldStream(store, streamId, decider, saved ?? undefined);
  };
}

/**
 * When `policy.every` events have passed since the state's snapshot: the
 * state serialised now (later commands change it in place) and the write to
 * run once the stream is free; null when none is due. A failed write is only
 * a cache miss, for the caller to log.
 */
export function snapshotIfDue<State>(
  streamId: string,
  loaded: LoadedStream<State>,
  snapshots: SnapshotStorage,
  policy: SnapshotPolicy | undefined,
): (() => Promise<void>) | null {
  const revision = loaded.meta.revision;
  if (!policy || revision === null) return null;
  const since = revision + 1n - (loaded.snapshotRevision === null ? 0n : loaded.snapshotRevision + 1n);
  if (since < BigInt(policy.every)) return null;
  const json = JSON.stringify(loaded.state);
  loaded.snapshotRevision = revision;
  return () => snapshots.save(streamId, revision, json, policy);
}
