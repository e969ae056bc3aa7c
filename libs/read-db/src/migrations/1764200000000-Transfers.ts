import { sql, type Kysely } from 'kysely';

/**
 * Read models of stock transfers: the specification's stock_transfers and
 * transfer_items (one row per source batch, with what arrived), the steps of
 * each transfer for its timeline, and the packs of a batch held for pending
 * transfers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inventory_batches')
    .addColumn('reserved_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('stock_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('from_pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('to_pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('initiated_by', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('notes', 'text')
    .addColumn('total_quantity', 'integer', (c) => c.notNull())
    .addColumn('received_quantity', 'integer')
    .addColumn('approved_by', 'uuid')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('received_by', 'uuid')
    .addColumn('received_at', 'timestamptz')
    .addColumn('cancelled_by', 'uuid')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('discrepancy_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX stock_transfers_from_idx ON stock_transfers (from_pharmacy_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX stock_transfers_to_idx ON stock_transfers (to_pharmacy_id, created_at DESC)`.execute(db);

  await db.schema
    .createTable('transfer_items')
    .addColumn('transfer_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_number', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'date', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('received_quantity', 'integer')
    .addPrimaryKeyConstraint('transfer_items_pk', ['transfer_id', 'batch_id'])
    .execute();

  await db.schema
    .createTable('transfer_steps')
    .addColumn('transfer_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('pharmacy_id', 'uuid')
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('transfer_steps_pk', ['transfer_id', 'position', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transfer_steps', 'transfer_items', 'stock_transfers']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('inventory_batches').dropColumn('reserved_quantity').execute();
}
