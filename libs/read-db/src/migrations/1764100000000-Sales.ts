import { sql, type Kysely } from 'kysely';

/**
 * Read models of the point of sale: sales with their lines and the batches
 * each line came from (the specification's sale_items), returns, and a daily
 * total per pharmacy for the dashboard; loose units of opened packs on batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inventory_batches')
    .addColumn('loose_units', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sales')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('sold_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sold_on', 'date', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('customer_phone', 'text')
    .addColumn('notes', 'text')
    .addColumn('total_amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('cash_received', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('change_given', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('refunded_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX sales_pharmacy_recent_idx ON sales (pharmacy_id, sold_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX sales_recent_idx ON sales (sold_at DESC, id DESC)`.execute(db);

  await db.schema
    .createTable('sale_lines')
    .addColumn('sale_id', 'uuid', (c) => c.notNull())
    .addColumn('line_index', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_name_ar', 'text')
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('sales_unit', 'text', (c) => c.notNull())
    .addColumn('units_per_package', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('returned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', sql`numeric(14,4)`, (c) => c.notNull())
    .addColumn('total_price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('commission_enabled', 'boolean', (c) => c.notNull())
    .addColumn('commission_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('commission_amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_lines_pk', ['sale_id', 'line_index'])
    .execute();
  await sql`CREATE INDEX sale_lines_product_idx ON sale_lines (product_id)`.execute(db);

  await db.schema
    .createTable('sale_items')
    .addColumn('sale_id', 'uuid', (c) => c.notNull())
    .addColumn('line_index', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_number', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'date', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('returned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('packs_opened', 'integer', (c) => c.notNull())
    .addColumn('total_price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('commission_amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_items_pk', ['sale_id', 'line_index', 'batch_id'])
    .execute();
  await sql`CREATE INDEX sale_items_batch_idx ON sale_items (batch_id)`.execute(db);

  await db.schema
    .createTable('sale_returns')
    .addColumn('return_id', 'uuid', (c) => c.primaryKey())
    .addColumn('sale_id', 'uuid', (c) => c.notNull())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('returned_at', 'timestamptz', (c) => c.notNull())
    .addColumn('returned_on', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('refund_amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX sale_returns_sale_idx ON sale_returns (sale_id)`.execute(db);

  await db.schema
    .createTable('daily_sales')
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('business_date', 'date', (c) => c.notNull())
    .addColumn('gross_sales', sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_sales_pk', ['pharmacy_id', 'business_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['daily_sales', 'sale_returns', 'sale_items', 'sale_lines', 'sales']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('inventory_batches').dropColumn('loose_units').execute();
}
