import { sql, type Kysely, type Transaction } from 'kysely';
import type { GlobalPosition } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';

export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

export async function readCheckpoint(
  db: Kysely<ReadDatabase> | Transaction<ReadDatabase>,
  name: string,
): Promise<GlobalPosition | null> {
  const row = await db.selectFrom('projectionCheckpoints').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? { commit: BigInt(row.commitPosition), prepare: BigInt(row.preparePosition) } : null;
}

/** The shape version of the projection that wrote the stored checkpoint; null when it has none. */
export async function storedProjectionVersion(db: Kysely<ReadDatabase>, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('projectionCheckpoints')
    .select('projectionVersion')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.projectionVersion ?? null;
}

export async function writeCheckpoint(
  trx: Transaction<ReadDatabase>,
  projection: { name: string; version: number },
  position: GlobalPosition,
): Promise<void> {
  const { name, version } = projection;
  await trx
    .insertInto('projectionCheckpoints')
    .values({
      name,
      commitPosition: position.commit,
      preparePosition: position.prepare,
      projectionVersion: version,
      updatedAt: new Date(),
    })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        commitPosition: position.commit,
        preparePosition: position.prepare,
        projectionVersion: version,
        updatedAt: new Date(),
      }),
    )
    .execute();
  // Delivered at commit: wakes command answers waiting for this position in other processes.
  await sql`SELECT pg_notify(${CHECKPOINT_CHANNEL}, ${`${name}:${position.commit}`})`.execute(trx);
}

/** The lowest checkpoint among the named projections (null: one of them has processed nothing yet). */
export async function lowestCheckpoint(db: Kysely<ReadDatabase>, names: readonly string[]): Promise<bigint | null> {
  const rows = await db
    .selectFrom('projectionCheckpoints')
    .select(['name', 'commitPosition'])
    .where('name', 'in', names)
    .execute();
  if (rows.length < names.length) return null;
  return rows.reduce<bigint | null>((low, row) => {
    const value = BigInt(row.commitPosition);
    return low === null || value < low ? value : low;
  }, null);
}
