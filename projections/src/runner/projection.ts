import type { Transaction } from 'kysely';
import { parseEventData, recordedVersion } from '@pharmacy/domain';
import type { RecordedEvent } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { tablesOf, type ProjectionTables } from '../schema/tables';

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
  /** The tables it owns, declared beside its handlers (their one definition); a rebuild makes them anew. */
  readonly schema: ProjectionTables;
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
  /**
   * Set when its rows are worked out from other projections' tables (named
   * here, applied before it in the same transaction) and the day, not from the
   * log alone: replays into a schema of their own (as of an instant,
   * verification) leave it out, and a rebuild of those projections or of this
   * one `forget`s its rows, which the projector then works out again.
   */
  readonly derivedFrom?: readonly string[];
  forget?(trx: Transaction<ReadDatabase>): Promise<void>;
}

/** Whether a replay of the log alone gives this projection's rows. */
export const fromTheLog = (projection: Projection): boolean => projection.derivedFrom === undefined;

/**
 * Forgets the rows of the projections worked out from any of these (or among
 * them): call it in the transaction that swaps or rewrites their tables.
 */
export async function forgetDerived(
  trx: Transaction<ReadDatabase>,
  all: readonly Projection[],
  rebuilt: readonly Projection[],
): Promise<void> {
  for (const projection of derivedFromAny(all, rebuilt)) await projection.forget?.(trx);
}

/** The names whose locks a rebuild of `rebuilt` takes: theirs and those of the projections worked out from them. */
export function lockedByRebuild(all: readonly Projection[], rebuilt: readonly Projection[]): string[] {
  return [...new Set([...rebuilt, ...derivedFromAny(all, rebuilt)].map((p) => p.name))];
}

/** The projections worked out from any of these, or among them (their locks are taken with these). */
export function derivedFromAny(all: readonly Projection[], rebuilt: readonly Projection[]): Projection[] {
  const names = new Set(rebuilt.map((p) => p.name));
  return all.filter(
    (projection) =>
      projection.derivedFrom !== undefined &&
      (names.has(projection.name) || projection.derivedFrom.some((name) => names.has(name))),
  );
}

/**
 * Each event as read, in today's shape: parsed once however many projections
 * handle it (a sale reaches six), and shared by them. Projections read event
 * data; none changes it.
 */
const parsedEvents = new WeakMap<RecordedEvent, RecordedEvent>();

function parsed(event: RecordedEvent): RecordedEvent {
  let upcast = parsedEvents.get(event);
  if (!upcast) {
    upcast = { ...event, data: parseEventData(event.type, event.data, recordedVersion(event.metadata)) };
    parsedEvents.set(event, upcast);
  }
  return upcast;
}

/** The events of a batch that a projection handles, in today's shape (older versions upcast) and checked against the event catalogue. */
export function eventsFor(projection: Projection, batch: readonly RecordedEvent[]): RecordedEvent[] {
  return batch.filter((event) => projection.handles.includes(event.type)).map(parsed);
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

/** The snake_case names of the tables a projection owns. */
export function ownedTables(projection: Projection): string[] {
  return tablesOf(projection.schema);
}
