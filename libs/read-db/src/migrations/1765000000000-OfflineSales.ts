import { sql, type Kysely } from 'kysely';

/**
 * Sales made at a till without a network and sent later (issue 15, ADR 0015):
 * - on `sales`, the till's number for the sale, when the server learned of it,
 *   the time of the till's copy of prices and stock, and whether that copy was
 *   flagged as stale; on `sale_lines`, the units the books no longer held;
 * - `stock_discrepancies`: what such a sale raised for review, open or resolved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sales')
    .addColumn('offline_number', 'text')
    .addColumn('recorded_at', 'timestamptz')
    .addColumn('offline_catalogue_as_of', 'timestamptz')
    .addColumn('offline_price_stale', 'boolean')
    .execute();
  await db.schema
    .alterTable('sale_lines')
    .addColumn('shortfall', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('stock_discrepancies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sale_id', 'uuid', (c) => c.notNull())
    .addColumn('offline_number', 'text')
    .addColumn('sold_at', 'timestamptz', (c) => c.notNull())
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
    .addColumn('catalogue_as_of', 'timestamptz')
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid')
    .addColumn('resolution_note', 'text')
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX sales_offline_number_idx ON sales (offline_number) WHERE offline_number IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX stock_discrepancies_open_idx ON stock_discrepancies (pharmacy_id, raised_at DESC)
              WHERE resolved_at IS NULL`.execute(db);
  await sql`CREATE INDEX stock_discrepancies_pharmacy_idx ON stock_discrepancies (pharmacy_id, raised_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_discrepancies').execute();
  await db.schema.alterTable('sale_lines').dropColumn('shortfall').execute();
  await db.schema
    .alterTable('sales')
    .dropColumn('offline_number')
    .dropColumn('recorded_at')
    .dropColumn('offline_catalogue_as_of')
    .dropColumn('offline_price_stale')
    .execute();
}
