import { allProjections, ownedTables } from '@pharmacy/projections';

/**
 * What a backup carries. The event log is the source of truth: every read
 * model is built again from it at restore, so a backup holds the log, the
 * tables that are not derived from it, and the shape (DDL) of every table, but
 * not the rows of anything a replay or the product makes again.
 * docs/operations.md ("Backup and restore") says the same for operators.
 */

/** Schemas a backup holds (with every extension they use, e.g. pg_trgm). BullMQ's `bullmq` is not one: see below. */
export const BACKUP_SCHEMAS = ['public', 'eventstore'] as const;

/** Tables of `public` whose rows a backup carries, and why: nothing else holds them. */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  users: 'accounts: e-mail, name, role, password hash, authenticator (TOTP) secret, hashed backup codes, lockout state',
  user_pharmacies: 'which pharmacies each user works at',
  audit_logs:
    'the audit trail of account and settings changes (identity is not event-sourced, so only this table has it)',
  system_settings: 'the settings an administrator saved',
  seed_runs: 'which demo data was seeded (its events are in the log): a restored server does not seed it again',
  job_runs: 'the history of background jobs (expiry scans, verifications) that administrators see',
  read_db_migrations: 'which read-side migrations the backed-up schema had: a restore upgrades from there',
  read_db_migrations_lock: 'the migration lock row',
  event_store_migrations: 'which event log migrations the backed-up schema had',
  event_store_migrations_lock: 'the migration lock row',
};

/** Tables of `public` a backup holds the shape of, but no rows: caches and short-lived state. */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  sessions:
    'signed-in sessions: everyone signs in again after a restore (a backup holding live session ids would let whoever reads it act as those users)',
  rate_limits: 'sign-in attempt counters of the last 10 minutes',
  sign_in_decoys: 'the attempts at sign-in codes asked for addresses without an account, for 10 minutes',
  snapshots: "a cache of long streams' folded state, made again on use (SnapshotStore: never the truth)",
  projection_checkpoints: 'how far each read model has read the log: set by the rebuild at restore',
  projection_tables:
    "the shape each projection's tables were made in: recorded again when the restore makes them and rebuilds them from the log",
};

/** The read models' tables: rebuilt from the log at restore (projection name for each). */
export function projectionTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const projection of allProjections) {
    for (const table of ownedTables(projection)) tables.set(table, projection.name);
  }
  return tables;
}

/**
 * Of these `public` tables, those whose rows a backup leaves out. A table that
 * is neither kept nor known to be derived keeps its rows: a table added later
 * without a decision here is carried rather than lost (and the test of this
 * list fails until it is decided).
 */
export function tablesWithoutRows(publicTables: readonly string[]): string[] {
  const derived = projectionTables();
  return publicTables.filter((table) => derived.has(table) || table in LEFT_OUT_TABLES).sort();
}
