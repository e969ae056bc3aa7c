import { sql, type Kysely } from 'kysely';

/**
 * The stock ledger: one row per movement of a batch (received, sold, returned,
 * adjusted, reserved, dispatched, arrived, expired, written off, counted, ...)
 * with the running balance after it, business time and recorded time, and
 * the event it comes from; and each batch's current balance, which the
 * projection carries forward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_ledger')
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('movement', 'text', (c) => c.notNull())
    .addColumn('quantity_change', 'integer', (c) => c.notNull())
    .addColumn('loose_change', 'integer', (c) => c.notNull())
    .addColumn('reserved_change', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('loose_balance', 'integer', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addPrimaryKeyConstraint('stock_ledger_pk', ['position', 'seq'])
    .execute();
  await sql`CREATE INDEX stock_ledger_batch_idx ON stock_ledger (batch_id, position, seq)`.execute(db);
  await sql`CREATE INDEX stock_ledger_pharmacy_time_idx ON stock_ledger (pharmacy_id, occurred_at)`.execute(db);
  await sql`CREATE INDEX stock_ledger_product_idx ON stock_ledger (product_id, pharmacy_id, position)`.execute(db);
  await db.schema
    .createTable('audit_events')
    .addColumn('position', 'bigint', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('pharmacy_id', 'uuid')
    .addColumn('product_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('batch_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX audit_events_pharmacy_idx ON audit_events (pharmacy_id, position DESC)`.execute(db);
  await sql`CREATE INDEX audit_events_type_idx ON audit_events (event_type, position DESC)`.execute(db);
  await sql`CREATE INDEX audit_events_user_idx ON audit_events (user_id, position DESC)`.execute(db);
  await sql`CREATE INDEX audit_events_products_idx ON audit_events USING gin (product_ids)`.execute(db);
  await sql`CREATE INDEX audit_events_batches_idx ON audit_events USING gin (batch_ids)`.execute(db);
  await db.schema
    .createTable('stock_ledger_balances')
    .addColumn('batch_id', 'uuid', (c) => c.primaryKey())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('loose_balance', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_ledger_balances').execute();
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropTable('stock_ledger').execute();
}
