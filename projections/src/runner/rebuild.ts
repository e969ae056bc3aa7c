import type { Kysely } from 'kysely';
import type { EventStore, GlobalPosition } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { lockProjections, writeCheckpoint } from './checkpoints';
import { sql } from 'kysely';
import { applyEvents, eventsFor, forgetDerived, lockedByRebuild, ownedTables, type Projection } from './projection';
import { allProjections } from '../registry';

export interface RebuildProgress {
  projection: string;
  /** Events replayed so far. */
  processed: number;
  /** How far through the log, 0..1 (positions are not event counts in every store). */
  fraction: number;
}

export interface RebuildResult {
  projection: string;
  events: number;
  ms: number;
}

/**
 * Replays the whole log into a projection's tables. The old rows are removed
 * and the new ones written in ONE transaction: readers keep seeing the
 * previous read model until the rebuilt one commits, never a half-built one.
 */
export async function rebuildProjection(
  store: EventStore,
  db: Kysely<ReadDatabase>,
  projection: Projection,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  batchSize = 2000,
): Promise<RebuildResult> {
  const started = Date.now();
  const head = await store.headPosition();
  let processed = 0;
  await db.transaction().execute(async (trx) => {
    // Keeps a running projector from writing these tables meanwhile: its next batch waits, then
    // resumes from the checkpoint this transaction writes.
    await lockProjections(trx, lockedByRebuild(allProjections, [projection]));
    await forgetDerived(trx, allProjections, [projection]);
    for (const table of ownedTables(projection)) await sql`DELETE FROM ${sql.id(table)}`.execute(trx);
    let after: GlobalPosition | null = null;
    for (;;) {
      const events = await store.readAll({ after, maxCount: batchSize });
      if (events.length === 0) break;
      await applyEvents(trx, projection, eventsFor(projection, events));
      processed += events.length;
      after = events[events.length - 1]!.position;
      const fraction = head && head.commit > 0n ? Number((after.commit * 1000n) / head.commit) / 1000 : 1;
      onProgress({ projection: projection.name, processed, fraction: Math.min(fraction, 1) });
    }
    if (after) await writeCheckpoint(trx, projection, after);
    else await trx.deleteFrom('projectionCheckpoints').where('name', '=', projection.name).execute();
  });
  return { projection: projection.name, events: processed, ms: Date.now() - started };
}
