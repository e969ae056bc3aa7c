import type { Transaction } from 'kysely';
import { parseEventData, recordedVersion } from '@pharmacy/domain';
import type { RecordedEvent } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';

/**
 * A read model: the event types it reacts to and how each one changes its
 * tables. `apply` runs inside the runner's transaction, together with the
 * checkpoint, so an event's effect is committed exactly once.
 */
export interface Projection {
  readonly name: string;
  /**
   * The shape of its tables and rows. Bump it when a change needs the rows
   * written again: a projector finding a checkpoint of another version
   * rebuilds the projection from the log before it carries on.
   */
  readonly version: number;
  readonly handles: readonly string[];
  /** Tables this projection owns; a rebuild empties them first. */
  readonly tables: ReadonlyArray<keyof ReadDatabase & string>;
  apply(trx: Transaction<ReadDatabase>, event: RecordedEvent): Promise<void>;
  /**
   * Applies several events (in log order) at once, with fewer statements: a
   * busy pharmacy's sales arrive by the hundred. Must leave the tables as
   * applying them one by one would. Optional.
   */
  applyAll?(trx: Transaction<ReadDatabase>, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Fills those of its tables that triggers on its other tables keep (running
   * totals), from those tables as they stand. A full rebuild loads its copies
   * without the triggers and calls this once at the end of the load; anything
   * else that writes the tables has the triggers keep them. Optional.
   */
  fillTotals?(trx: Transaction<ReadDatabase>): Promise<void>;
}

/** The events of a batch that a projection handles, in today's shape (older versions upcast) and checked against the event catalogue. */
export function eventsFor(projection: Projection, batch: readonly RecordedEvent[]): RecordedEvent[] {
  return batch
    .filter((event) => projection.handles.includes(event.type))
    .map((event) => ({ ...event, data: parseEventData(event.type, event.data, recordedVersion(event.metadata)) }));
}

/** Applies events through `applyAll` when the projection has it, else one by one. */
export async function applyEvents(
  trx: Transaction<ReadDatabase>,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  if (projection.applyAll) await projection.applyAll(trx, events);
  else for (const event of events) await projection.apply(trx, event);
}
