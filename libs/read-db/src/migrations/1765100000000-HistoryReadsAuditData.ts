import { sql, type Kysely } from 'kysely';

/**
 * `entity_history` no longer keeps its own copy of each event's body (issue
 * 13): a sale touching three batches wrote it three times there and once more
 * in `audit_events`, which holds every event of the log by position. The
 * history drawers join `audit_events` for the body; both tables are written by
 * the same projector transaction, so a history row never lacks its event.
 * Half of what a rebuild wrote was these copies (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entity_history').dropColumn('data').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entity_history').addColumn('data', 'jsonb').execute();
  await sql`UPDATE entity_history h SET data = a.data FROM audit_events a WHERE a.position = h.position`.execute(db);
  await sql`ALTER TABLE entity_history ALTER COLUMN data SET NOT NULL`.execute(db);
}
