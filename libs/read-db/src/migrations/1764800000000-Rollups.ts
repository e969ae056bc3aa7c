import { sql, type Kysely } from 'kysely';

/**
 * Roll-ups that keep long histories cheap to sum: each batch's net movement
 * per calendar month (UTC) of business time, so stock as of an instant sums
 * whole months and only the movements of the instant's own month; and each
 * product's sales per pharmacy, and across the chain, for all time (the
 * all-time top products).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_ledger_months')
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity_change', 'integer', (c) => c.notNull())
    .addColumn('loose_change', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_ledger_months_pk', ['batch_id', 'month'])
    .execute();
  await sql`CREATE INDEX stock_ledger_months_pharmacy_idx ON stock_ledger_months (pharmacy_id, month)
              INCLUDE (batch_id, product_id, quantity_change, loose_change)`.execute(db);
  await sql`CREATE INDEX stock_ledger_pharmacy_time_cover_idx ON stock_ledger (pharmacy_id, occurred_at)
              INCLUDE (batch_id, product_id, quantity_change, loose_change, movement)`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_ledger_pharmacy_time_idx`.execute(db);
  await db.schema
    .createTable('product_sales_totals')
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('revenue', sql`numeric(16,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sales_totals_pk', ['pharmacy_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('product_sales_chain')
    .addColumn('product_id', 'uuid', (c) => c.primaryKey())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('revenue', sql`numeric(16,2)`, (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX product_sales_chain_revenue_idx ON product_sales_chain (revenue DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_sales_chain').execute();
  await db.schema.dropTable('product_sales_totals').execute();
  await sql`CREATE INDEX stock_ledger_pharmacy_time_idx ON stock_ledger (pharmacy_id, occurred_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_ledger_pharmacy_time_cover_idx`.execute(db);
  await db.schema.dropTable('stock_ledger_months').execute();
}
