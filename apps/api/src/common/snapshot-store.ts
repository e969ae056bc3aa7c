import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';

/** How a long stream is snapshotted: the state's format version, and how many new events justify a new snapshot. */
export interface SnapshotPolicy {
  schemaVersion: number;
  every: number;
}

/**
 * Folded state of a stream at a revision. A cache, never the truth: a snapshot
 * of another schema version is ignored and the stream is folded from the start.
 */
@Injectable()
export class SnapshotStore {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  async load<State>(streamId: string, policy: SnapshotPolicy): Promise<{ state: State; revision: bigint } | null> {
    const row = await this.db
      .selectFrom('snapshots')
      .select(['revision', 'state'])
      .where('streamId', '=', streamId)
      .where('schemaVersion', '=', policy.schemaVersion)
      .executeTakeFirst();
    return row ? { state: row.state as State, revision: BigInt(row.revision) } : null;
  }

  /** Saves a state already serialised to JSON (by the caller, once), unless a newer snapshot is stored. */
  async save(streamId: string, revision: bigint, stateJson: string, policy: SnapshotPolicy): Promise<void> {
    await this.db
      .insertInto('snapshots')
      .values({ streamId, revision, schemaVersion: policy.schemaVersion, state: stateJson })
      .onConflict((oc) =>
        oc
          .column('streamId')
          .doUpdateSet({
            revision,
            schemaVersion: policy.schemaVersion,
            state: stateJson,
            updatedAt: new Date(),
          })
          .where(
            sql<boolean>`snapshots.revision < ${revision.toString()}::bigint OR snapshots.schema_version <> ${policy.schemaVersion}`,
          ),
      )
      .execute();
  }
}
