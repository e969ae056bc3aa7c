import { sql, type Kysely } from 'kysely';

/**
 * Versions for edits (a batch or product form names the version it was
 * loaded at), the pharmacy of each history entry (history is scoped like the
 * lists it belongs to), and the shape version of each projection: the
 * projections whose tables gain columns here declare a new version, and the
 * projector rebuilds them from the log at its next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projection_checkpoints')
    .addColumn('projection_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('inventory_batches')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('entity_history').addColumn('pharmacy_id', 'uuid').execute();
  await sql`CREATE INDEX entity_history_pharmacy_idx ON entity_history (entity_type, entity_id, pharmacy_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX entity_history_pharmacy_idx`.execute(db);
  await db.schema.alterTable('entity_history').dropColumn('pharmacy_id').execute();
  await db.schema.alterTable('products').dropColumn('version').execute();
  await db.schema.alterTable('inventory_batches').dropColumn('version').execute();
  await db.schema.alterTable('projection_checkpoints').dropColumn('projection_version').execute();
}
