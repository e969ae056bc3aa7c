import type { EventStore } from '@pharmacy/event-store';
import { readCheckpoints } from '@pharmacy/projections';
import type { ReadDb } from '@pharmacy/read-db';

export interface ProjectionLag {
  name: string;
  /** Global position the projection has committed (0 before its first batch). */
  checkpoint: bigint;
  /** How long the oldest event it has not applied has been waiting, in seconds; 0 when it is caught up. */
  seconds: number;
}

export interface LogHead {
  /** Position of the newest event; 0 when the log is empty. */
  head: bigint;
  projections: ProjectionLag[];
}

/**
 * How far behind the log each projection is, in time: the age of the first
 * event after its checkpoint. Time, not a count of events, so the same
 * threshold means the same thing on PostgreSQL (dense positions) and on
 * EventStoreDB (byte offsets). Projections at the same checkpoint share one read.
 */
export async function projectionLag(
  db: ReadDb,
  store: EventStore,
  names: readonly string[],
  now: Date = new Date(),
): Promise<LogHead> {
  const [head, checkpoints] = await Promise.all([store.headPosition(), readCheckpoints(db, names)]);
  const ageAfter = new Map<string, Promise<number>>();
  const age = (after: { commit: bigint; prepare: bigint } | null): Promise<number> => {
    const key = after ? `${after.commit}:${after.prepare}` : 'start';
    let pending = ageAfter.get(key);
    if (!pending) {
      pending = store
        .readAll({ after, maxCount: 1 })
        .then(([next]) => (next ? Math.max(0, (now.getTime() - next.recordedAt.getTime()) / 1000) : 0));
      ageAfter.set(key, pending);
    }
    return pending;
  };
  const projections = await Promise.all(
    names.map(async (name) => {
      const checkpoint = checkpoints.get(name) ?? null;
      const caughtUp = !head || (checkpoint !== null && checkpoint.commit >= head.commit);
      return { name, checkpoint: checkpoint?.commit ?? 0n, seconds: caughtUp ? 0 : await age(checkpoint) };
    }),
  );
  return { head: head?.commit ?? 0n, projections };
}
