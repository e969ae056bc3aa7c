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

export const eventStoreMigrations: Record<string, Migration> = {
  '1763700000000-CreateEventLog': createEventLog,
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
