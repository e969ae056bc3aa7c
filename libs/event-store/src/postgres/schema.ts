import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { Pool } from 'pg';

/**
 * The event log lives in its own schema. `position` is assigned under a
 * global transaction-level advisory lock, so position order is commit order
 * and readers never miss an event that commits after a higher position was
 * visible (see docs/decisions/0002-event-store-ordering.md).
 */
const createEventLog: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE SCHEMA IF NOT EXISTS eventstore`.execute(db);
    await sql`
      CREATE TABLE eventstore.streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE eventstore.events (
        position bigint PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (stream_id, revision)
      )`.execute(db);
    await sql`CREATE INDEX events_type_idx ON eventstore.events (type, position)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP SCHEMA eventstore CASCADE`.execute(db);
  },
};

/**
 * eventstore.append_batch writes a whole coalesced batch in one statement: it
 * takes the append lock, checks every expected revision and event id, assigns
 * positions, inserts events and stream heads, and notifies; or, when anything
 * would not pass, writes nothing and returns applied = false (the adapter then
 * takes its general path). In READ COMMITTED every statement of a PL/pgSQL
 * function takes a new snapshot, so everything after the lock sees every
 * append committed before it.
 */
const APPEND_BATCH_FUNCTION = `
CREATE OR REPLACE FUNCTION eventstore.append_batch(
  p_lock_key bigint,       -- the adapter's advisory lock key
  p_streams text[],        -- distinct streams of the batch
  p_req_kind text[],       -- per stream: 'a' any, 'n' no_stream, 'e' stream_exists, 'r' revision
  p_req_rev bigint[],      -- per stream: the expected revision when kind = 'r'
  p_added bigint[],        -- per stream: number of events the batch adds
  p_ev_stream int[],       -- per event: 1-based index into p_streams
  p_ev_offset bigint[],    -- per event: 1-based rank of the event in its stream within the batch
  p_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_occurred timestamptz[]
) RETURNS TABLE (applied boolean, base bigint, currents text[])
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_base bigint;
  v_cur bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_key);
  -- One index probe per stream (measured: ~25 µs for 8 streams; a join of unnest() with the table took ~150 µs).
  v_cur := ARRAY(SELECT (SELECT s.revision FROM eventstore.streams s WHERE s.stream_id = p_streams[i])
                   FROM generate_subscripts(p_streams, 1) AS i ORDER BY i);
  IF EXISTS (SELECT 1 FROM unnest(p_req_kind, p_req_rev, v_cur) AS r(kind, rev, cur)
              WHERE (r.kind = 'r' AND r.cur IS DISTINCT FROM r.rev)
                 OR (r.kind = 'n' AND r.cur IS NOT NULL)
                 OR (r.kind = 'e' AND r.cur IS NULL))
     OR EXISTS (SELECT 1 FROM eventstore.events WHERE event_id = ANY (p_ids)) THEN
    RETURN QUERY SELECT false, NULL::bigint, v_cur::text[];
    RETURN;
  END IF;
  SELECT coalesce(max(position), 0) INTO v_base FROM eventstore.events;
  INSERT INTO eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
  SELECT v_base + e.ord, e.id, p_streams[e.sidx], coalesce(v_cur[e.sidx], -1) + e.off, e.type, e.data, e.meta, e.occ
    FROM unnest(p_ev_stream, p_ev_offset, p_ids, p_types, p_data, p_metadata, p_occurred)
         WITH ORDINALITY AS e(sidx, off, id, type, data, meta, occ, ord);
  INSERT INTO eventstore.streams (stream_id, revision)
  SELECT x.st, coalesce(x.cur, -1) + x.added FROM unnest(p_streams, v_cur, p_added) AS x(st, cur, added)
  ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision;
  PERFORM pg_notify('eventstore_appended', (v_base + cardinality(p_ids))::text);
  RETURN QUERY SELECT true, v_base, v_cur::text[];
END
$fn$`;

const createAppendBatchFunction: Migration = {
  async up(db: Kysely<unknown>) {
    await sql.raw(APPEND_BATCH_FUNCTION).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP FUNCTION IF EXISTS eventstore.append_batch`.execute(db);
  },
};

export const eventStoreMigrations: Record<string, Migration> = {
  '1763700000000-CreateEventLog': createEventLog,
  '1763800000000-CreateAppendBatchFunction': createAppendBatchFunction,
};

/** Creates or upgrades the event log schema (idempotent; safe to run at every start). */
export async function migrateEventStore(connectionString: string): Promise<string[]> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString, max: 1 }) }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(eventStoreMigrations) },
      migrationTableName: 'event_store_migrations',
      migrationLockTableName: 'event_store_migrations_lock',
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}
