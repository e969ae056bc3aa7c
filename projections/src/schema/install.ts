import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReadDatabase } from '@pharmacy/read-db';
import type { Projection } from '../runner/projection';
import { createFunctions, createTables, dropTables, fingerprintOf, tablesOf } from './tables';

/** Serialises installs of every process that opens the database (api, projector, tools). */
const INSTALL_LOCK = 727_101;

export interface InstalledShape {
  version: number;
  fingerprint: string;
}

/** The shape last installed or rebuilt for each projection. */
export async function installedShapes(
  db: Kysely<ReadDatabase> | Transaction<ReadDatabase>,
): Promise<Map<string, InstalledShape>> {
  const { rows } = await sql<{ name: string; version: number; fingerprint: string }>`
    SELECT name, version, fingerprint FROM projection_tables`.execute(db);
  return new Map(rows.map((row) => [row.name, { version: row.version, fingerprint: row.fingerprint }]));
}

/** Records that these projections' tables now have the shape their code declares. */
export async function recordShapes(trx: Transaction<ReadDatabase>, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    await sql`
      INSERT INTO projection_tables (name, version, fingerprint) VALUES
        (${projection.name}, ${projection.version}, ${fingerprintOf(projection.schema)})
      ON CONFLICT (name) DO UPDATE
        SET version = excluded.version, fingerprint = excluded.fingerprint, installed_at = now()`.execute(trx);
  }
}

export interface InstallResult {
  /** Projections whose tables were made (new database, or tables missing). */
  created: string[];
  /** Projections of another version whose tables the projector rebuilds from the log before it carries on. */
  toRebuild: string[];
}

/**
 * Makes the tables every projection declares, where they are missing, and
 * checks the others are the shape the code declares:
 *
 * - no record, or a table missing: its tables are made empty (functions,
 *   tables, indexes, triggers) and its checkpoint, if any, marked as written
 *   by no version, so the projector fills them from the log;
 * - recorded under its version but declared differently: refused, the
 *   declaration changed without a version bump;
 * - recorded under another version: left to the projector, which rebuilds
 *   them from the log in the new shape and swaps them in (`rebuildProjections`)
 *   — unless nothing was ever projected into them, then they are made anew here.
 */
export async function installProjectionTables(
  db: Kysely<ReadDatabase>,
  projections: readonly Projection[],
): Promise<InstallResult> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`.execute(trx);
    const shapes = await installedShapes(trx);
    const { rows: present } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_name = ANY(${projections.flatMap((p) => tablesOf(p.schema))})`.execute(
      trx,
    );
    const existing = new Set(present.map((row) => row.name));
    const { rows: checkpoints } = await sql<{ name: string }>`SELECT name FROM projection_checkpoints`.execute(trx);
    const projected = new Set(checkpoints.map((row) => row.name));
    const result: InstallResult = { created: [], toRebuild: [] };
    for (const projection of projections) {
      const shape = shapes.get(projection.name);
      const complete = tablesOf(projection.schema).every((table) => existing.has(table));
      const fingerprint = fingerprintOf(projection.schema);
      if (shape && complete && shape.version === projection.version) {
        if (shape.fingerprint !== fingerprint) {
          throw new Error(
            `The tables of projection "${projection.name}" are declared differently from those installed, ` +
              `but its version is still ${projection.version}: bump its version so the projector rebuilds them.`,
          );
        }
        continue;
      }
      if (shape && complete && projected.has(projection.name)) {
        result.toRebuild.push(projection.name);
        continue;
      }
      await dropTables(trx, 'public', [projection.schema]);
      await createFunctions(trx, [projection.schema]);
      await createTables(trx, 'public', [projection.schema], { complete: true });
      await recordShapes(trx, [projection]);
      await sql`UPDATE projection_checkpoints SET projection_version = 0 WHERE name = ${projection.name}`.execute(trx);
      result.created.push(projection.name);
    }
    return result;
  });
}
