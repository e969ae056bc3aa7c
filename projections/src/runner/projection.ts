import type { Transaction } from 'kysely';
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
}
