import { sql } from 'kysely';
import type { SnapshotPolicy, SnapshotStorage } from '@pharmacy/commands';
import type { ReadDb } from './connection';

/**
 * Folded state of a stream at a revision. A cache, never the truth: a snapshot
 * of another schema version is ignored and the stream is folded from the start.
 */
export class SnapshotTable implements SnapshotStorage {
  constructor(private readonly db: ReadDb) {}

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
