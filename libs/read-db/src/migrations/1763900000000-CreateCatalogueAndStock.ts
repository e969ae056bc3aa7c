import { sql, type Kysely } from 'kysely';

/** Read models of the catalogue and of stock, the history drawer, and write-side snapshots. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram search over a large catalogue (names in both languages, generic names, codes).
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text')
    .addColumn('description', 'text')
    .addColumn('description_ar', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_person', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('barcode', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text')
    .addColumn('description', 'text')
    .addColumn('description_ar', 'text')
    .addColumn('brand', 'text')
    .addColumn('generic_name', 'text')
    .addColumn('generic_name_ar', 'text')
    .addColumn('category_id', 'uuid')
    .addColumn('supplier_id', 'uuid')
    .addColumn('price', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('cost', sql`numeric(10,2)`)
    .addColumn('sales_unit', 'text', (c) => c.notNull())
    .addColumn('units_per_package', 'integer', (c) => c.notNull())
    .addColumn('commission_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('commission_enabled', 'boolean', (c) => c.notNull())
    .addColumn('min_stock_level', 'integer', (c) => c.notNull())
    .addColumn('max_stock_level', 'integer', (c) => c.notNull())
    .addColumn('requires_prescription', 'boolean', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_sku_idx ON products (lower(sku))`.execute(db);
  await sql`CREATE INDEX products_barcode_idx ON products (barcode)`.execute(db);
  await db.schema.createIndex('products_name_idx').on('products').column('name').execute();

  await db.schema
    .createTable('product_price_history')
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('price', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('cost', sql`numeric(10,2)`)
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    .addColumn('changed_by', 'uuid')
    .addPrimaryKeyConstraint('product_price_history_pkey', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_commission_history')
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('commission_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('commission_enabled', 'boolean', (c) => c.notNull())
    .addColumn('effective_date', 'timestamptz', (c) => c.notNull())
    .addColumn('changed_by', 'uuid')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('product_commission_history_pkey', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('inventory_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_number', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('purchase_price', sql`numeric(10,2)`)
    .addColumn('expiry_date', 'date', (c) => c.notNull())
    .addColumn('received_date', 'date', (c) => c.notNull())
    .addColumn('supplier_id', 'uuid')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inventory_batches_pharmacy_expiry_idx')
    .on('inventory_batches')
    .columns(['pharmacy_id', 'expiry_date'])
    .execute();
  await db.schema
    .createIndex('inventory_batches_product_idx')
    .on('inventory_batches')
    .columns(['product_id', 'pharmacy_id'])
    .execute();

  await db.schema
    .createTable('entity_history')
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('entity_history_pkey', ['entity_type', 'entity_id', 'position'])
    .execute();

  // Write side: folded state of long streams (stock-*) so a command reads only the tail.
  await db.schema
    .createTable('snapshots')
    .addColumn('stream_id', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'snapshots',
    'entity_history',
    'inventory_batches',
    'product_commission_history',
    'product_price_history',
    'products',
    'suppliers',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
