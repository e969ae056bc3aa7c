import { sql, type Kysely } from 'kysely';

/**
 * Read models built for the reports: one row per sale line that earned a
 * commission (the commission report), units and revenue per product, pharmacy
 * and business day (top products), sales by business day; and the auditor
 * role (reads everything, changes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('commission_lines')
    .addColumn('sale_id', 'uuid', (c) => c.notNull())
    .addColumn('line_index', 'integer', (c) => c.notNull())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text', (c) => c.notNull())
    .addColumn('sold_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sold_on', 'date', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sales_unit', 'text', (c) => c.notNull())
    .addColumn('total_price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('commission_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('commission_amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('commission_lines_pk', ['sale_id', 'line_index'])
    .execute();
  await sql`CREATE INDEX commission_lines_day_idx ON commission_lines (sold_on, pharmacy_id)`.execute(db);
  await sql`CREATE INDEX commission_lines_pharmacy_day_idx ON commission_lines (pharmacy_id, sold_on)`.execute(db);
  await db.schema
    .createTable('product_daily_sales')
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('business_date', 'date', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('revenue', sql`numeric(14,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_daily_sales_pk', ['business_date', 'pharmacy_id', 'product_id'])
    .execute();
  await sql`CREATE INDEX product_daily_sales_pharmacy_idx ON product_daily_sales (pharmacy_id, business_date)`.execute(
    db,
  );
  await sql`CREATE INDEX daily_sales_date_idx ON daily_sales (business_date)`.execute(db);
  await sql`CREATE INDEX sales_pharmacy_day_idx ON sales (pharmacy_id, sold_on)`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'pharmacist', 'auditor'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'pharmacist'))`.execute(db);
  await sql`DROP INDEX IF EXISTS sales_pharmacy_day_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS daily_sales_date_idx`.execute(db);
  await db.schema.dropTable('product_daily_sales').execute();
  await db.schema.dropTable('commission_lines').execute();
}
