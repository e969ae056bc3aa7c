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

/** The checkpoints of these projections (those that have one). */
export async function readCheckpoints(
  db: Kysely<ReadDatabase> | Transaction<ReadDatabase>,
  names: readonly string[],
): Promise<Map<string, GlobalPosition>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('projectionCheckpoints').selectAll().where('name', 'in', names).execute();
  return new Map(
    rows.map((row) => [row.name, { commit: BigInt(row.commitPosition), prepare: BigInt(row.preparePosition) }]),
  );
}

export function writeCheckpoint(
  trx: Transaction<ReadDatabase>,
  projection: { name: string; version: number },
  position: GlobalPosition,
): Promise<void> {
  return writeCheckpoints(trx, [projection], position);
}

/** Moves the checkpoints of these projections to `position`, in one statement. */
export async function writeCheckpoints(
  trx: Transaction<ReadDatabase>,
  projections: ReadonlyArray<{ name: string; version: number }>,
  position: GlobalPosition,
): Promise<void> {
  if (projections.length === 0) return;
  const now = new Date();
  await trx
    .insertInto('projectionCheckpoints')
    .values(
      projections.map(({ name, version }) => ({
        name,
        commitPosition: position.commit,
        preparePosition: position.prepare,
        projectionVersion: version,
        updatedAt: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        commitPosition: eb.ref('excluded.commitPosition'),
        preparePosition: eb.ref('excluded.preparePosition'),
        projectionVersion: eb.ref('excluded.projectionVersion'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
  // Delivered at commit: wakes what waits for this position in other processes.
  await sql`SELECT pg_notify(${CHECKPOINT_CHANNEL}, ${String(position.commit)})`.execute(trx);
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

/** Takes each projection's transaction lock, in one statement and a fixed order (no deadlock with a rebuild). */
export async function lockProjections(trx: Transaction<ReadDatabase>, names: readonly string[]): Promise<void> {
  const keys = [...names].sort().map((name) => `projection:${name}`);
  await sql`SELECT pg_advisory_xact_lock(hashtext(key)) FROM unnest(${keys}::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n`.execute(
    trx,
  );
}
