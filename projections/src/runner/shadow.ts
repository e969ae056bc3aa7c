import { sql, type Kysely, type Transaction } from 'kysely';
import { comparePositions, type EventStore, type GlobalPosition } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { lockProjections, readCheckpoints } from './checkpoints';
import { applyEvents, eventsFor, fromTheLog, ownedTables, type Projection } from './projection';
import { createTables } from '../schema/tables';

/**
 * Read models built again from the log into a schema of their own, next to
 * the live ones, which are never written: `npm run replay -- --as-of` (the
 * read models as they stood at an instant) and `npm run projections:verify`
 * (a fresh replay compared with the live tables, row by row).
 *
 * The projections are applied together, batch by batch in log order, as the
 * projector applies them: one that reads another's table sees it as it was at
 * that event. Their SQL names tables without a schema, so a transaction that
 * sets its `search_path` to the shadow schema writes there; tables that are
 * not read models (users) are still found in `public`.
 */

export interface ReplayProgress {
  /** Events read from the log so far. */
  processed: number;
  /** How far through the log, 0..1. */
  fraction: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(name: string): void {
  if (!SCHEMA_NAME.test(name) || name === 'public' || name.startsWith('pg_')) {
    throw new Error(
      `"${name}" cannot be a replay schema: use lower-case letters, digits and _ (not public, not pg_...)`,
    );
  }
}

/** The snake_case table name of a read model's kysely table name. */
export const tableName = (table: string): string => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Creates `schema` with the tables of these projections as they declare them
 * (columns, defaults, keys, indexes, triggers), empty. Those worked out from
 * other read models rather than the log (`derivedFrom`) are left out.
 */
export async function createShadowSchema(
  db: Kysely<ReadDatabase>,
  schema: string,
  projections: readonly Projection[],
): Promise<void> {
  assertSchemaName(schema);
  const exists = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = ${schema}) AS found`.execute(db);
  if (exists.rows[0]?.found) {
    throw new Error(`Schema "${schema}" exists already: drop it (DROP SCHEMA ${schema} CASCADE) or name another.`);
  }
  await db.transaction().execute(async (trx) => {
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
    await createTables(
      trx,
      schema,
      projections.filter(fromTheLog).map((p) => p.schema),
      { complete: true },
    );
  });
}

export async function dropShadowSchema(db: Kysely<ReadDatabase>, schema: string): Promise<void> {
  assertSchemaName(schema);
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
}

/** Makes the rest of this transaction read and write the shadow schema first. */
export async function useSchema(trx: Transaction<ReadDatabase>, schema: string): Promise<void> {
  assertSchemaName(schema);
  await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
}

export interface ShadowReplayOptions {
  /** Replay events strictly after this position (null: from the start). */
  after?: GlobalPosition | null;
  /** Replay up to this position, included (null: the head of the log when the replay starts). */
  until?: GlobalPosition | null;
  /** Apply only events recorded at or before this instant (the read models as they stood then). */
  recordedBy?: Date | null;
  /** Apply an event to a projection only up to that projection's own position. */
  limits?: ReadonlyMap<string, GlobalPosition>;
  batchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
}

/**
 * Replays the log into the shadow schema's tables, in one transaction per page
 * of the log (or inside `trx` when given). Returns how many events were
 * applied and the position it stopped at.
 */
export async function replayIntoSchema(
  store: EventStore,
  db: Kysely<ReadDatabase> | Transaction<ReadDatabase>,
  schema: string,
  projections: readonly Projection[],
  options: ShadowReplayOptions = {},
): Promise<{ events: number; last: GlobalPosition | null }> {
  const until = options.until === undefined ? await store.headPosition() : options.until;
  let after = options.after ?? null;
  let processed = 0;
  let applied = 0;
  if (!until) return { events: 0, last: after };
  const pageSize = options.batchSize ?? 5000;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    const within = page.filter((event) => comparePositions(event.position, until) <= 0);
    if (within.length === 0) break;
    const events = options.recordedBy
      ? within.filter((event) => event.recordedAt.getTime() <= options.recordedBy!.getTime())
      : within;
    const apply = async (trx: Transaction<ReadDatabase>) => {
      await useSchema(trx, schema);
      for (const projection of projections.filter(fromTheLog)) {
        const limit = options.limits?.get(projection.name);
        const mine = limit ? events.filter((event) => comparePositions(event.position, limit) <= 0) : events;
        await applyEvents(trx, projection, eventsFor(projection, mine));
      }
    };
    if (db.isTransaction) await apply(db as Transaction<ReadDatabase>);
    else await db.transaction().execute(apply);
    processed += within.length;
    applied += events.length;
    after = within[within.length - 1]!.position;
    options.onProgress?.({
      processed,
      fraction: until.commit > 0n ? Math.min(1, Number((after.commit * 1000n) / until.commit) / 1000) : 1,
    });
    if (within.length < page.length) break;
  }
  return { events: applied, last: after };
}

export interface TableDifference {
  projection: string;
  table: string;
  rows: number;
  /** Rows the live table has that the replay has not (or has otherwise). */
  unexpected: number;
  /** Rows the replay has that the live table has not (or has otherwise). */
  missing: number;
  samples: Array<{ side: 'live' | 'replay'; row: Record<string, unknown> }>;
}

export interface VerificationResult {
  eventsReplayed: number;
  tables: TableDifference[];
  matches: boolean;
}

const SAMPLES = 5;

/**
 * Compares a live table with its replayed copy, row by row, leaving out the
 * columns PostgreSQL fills in itself (a default of now() or a sequence): they
 * tell when a row was written, not what the events say.
 */
async function compareTable(
  trx: Transaction<ReadDatabase>,
  schema: string,
  projection: string,
  table: string,
): Promise<TableDifference> {
  const columns = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = ${table}
       AND coalesce(column_default, '') !~* '(now\\(\\)|nextval|random|clock_timestamp|current_timestamp)'
     ORDER BY ordinal_position`.execute(trx);
  const list = sql.join(columns.rows.map((c) => sql.id(c.name)));
  const live = sql`SELECT ${list} FROM ${sql.id('public', table)}`;
  const replay = sql`SELECT ${list} FROM ${sql.id(schema, table)}`;
  const result = await sql<{ side: 'live' | 'replay'; total: string; row: Record<string, unknown> | null }>`
    WITH live_only AS (${live} EXCEPT ALL ${replay}),
         replay_only AS (${replay} EXCEPT ALL ${live}),
         counted AS (
           SELECT 'live' AS side, (SELECT count(*) FROM live_only) AS total
           UNION ALL SELECT 'replay', (SELECT count(*) FROM replay_only)
         )
    SELECT c.side, c.total::text AS total, s.row
      FROM counted c
      LEFT JOIN LATERAL (
        SELECT to_jsonb(x) AS row FROM live_only x WHERE c.side = 'live'
        UNION ALL
        SELECT to_jsonb(y) FROM replay_only y WHERE c.side = 'replay'
        LIMIT ${SAMPLES}
      ) s ON true`.execute(trx);
  const rows = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.id('public', table)}`.execute(trx);
  const total = (side: 'live' | 'replay') => Number(result.rows.find((r) => r.side === side)?.total ?? 0);
  return {
    projection,
    table,
    rows: Number(rows.rows[0]!.n),
    unexpected: total('live'),
    missing: total('replay'),
    samples: result.rows.filter((r) => r.row !== null).map((r) => ({ side: r.side, row: r.row! })),
  };
}

/**
 * Rebuilds every read model into `schema` and compares it with the live
 * tables. The replay runs up to the live checkpoints; the last stretch and the
 * comparison run while holding the projections' locks, so the live tables
 * stand still at exactly the positions the replay reached (the projector
 * waits, then carries on). The schema is dropped at the end unless `keep`.
 */
export async function verifyProjections(
  store: EventStore,
  db: Kysely<ReadDatabase>,
  projections: readonly Projection[],
  options: { schema: string; keep?: boolean; onProgress?: (progress: ReplayProgress) => void },
): Promise<VerificationResult> {
  // Those worked out from other read models and the day are not replayed: nothing to compare.
  projections = projections.filter(fromTheLog);
  const names = projections.map((p) => p.name);
  await createShadowSchema(db, options.schema, projections);
  try {
    const before = await readCheckpoints(db, names);
    const lowest = lowestOf(names, before);
    const first = await replayIntoSchema(store, db, options.schema, projections, {
      until: lowest,
      onProgress: options.onProgress,
    });
    return await db.transaction().execute(async (trx) => {
      await lockProjections(trx, names);
      const now = await readCheckpoints(trx, names);
      const highest = [...now.values()].reduce<GlobalPosition | null>(
        (top, p) => (!top || comparePositions(p, top) > 0 ? p : top),
        null,
      );
      const rest =
        highest && (!first.last || comparePositions(highest, first.last) > 0)
          ? await replayIntoSchema(store, trx, options.schema, projections, {
              after: first.last,
              until: highest,
              limits: now,
            })
          : { events: 0 };
      await sql`SELECT set_config('search_path', 'public', true)`.execute(trx);
      const tables: TableDifference[] = [];
      for (const projection of projections) {
        for (const table of ownedTables(projection)) {
          tables.push(await compareTable(trx, options.schema, projection.name, table));
        }
      }
      return {
        eventsReplayed: first.events + rest.events,
        tables,
        matches: tables.every((t) => t.unexpected === 0 && t.missing === 0),
      };
    });
  } finally {
    if (!options.keep) await dropShadowSchema(db, options.schema);
  }
}

/** The position every projection has reached (null if one has never run: replay nothing before the lock). */
function lowestOf(names: readonly string[], checkpoints: ReadonlyMap<string, GlobalPosition>): GlobalPosition | null {
  let lowest: GlobalPosition | null = null;
  for (const name of names) {
    const position = checkpoints.get(name);
    if (!position) return null;
    if (!lowest || comparePositions(position, lowest) < 0) lowest = position;
  }
  return lowest;
}
