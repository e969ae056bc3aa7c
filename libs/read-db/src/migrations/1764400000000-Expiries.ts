import { sql, type Kysely } from 'kysely';

/** The day a batch's expiry was recorded by the expiry scan, the runs of background jobs, and stock counts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_batches').addColumn('expired_on', 'date').execute();
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX job_runs_job_idx ON job_runs (job, started_at DESC)`.execute(db);

  await db.schema
    .createTable('stock_counts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('category_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_by', 'uuid')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('posted_by', 'uuid')
    .addColumn('posted_at', 'timestamptz')
    .addColumn('cancelled_by', 'uuid')
    .addColumn('cancel_reason', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX stock_counts_pharmacy_idx ON stock_counts (pharmacy_id, started_at DESC)`.execute(db);
  await db.schema
    .createTable('stock_count_lines')
    .addColumn('count_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('expected', 'integer', (c) => c.notNull())
    .addColumn('counted', 'integer')
    .addColumn('reason', 'text')
    .addColumn('change', 'integer')
    .addPrimaryKeyConstraint('stock_count_lines_pk', ['count_id', 'batch_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_count_lines').execute();
  await db.schema.dropTable('stock_counts').execute();
  await db.schema.dropTable('job_runs').execute();
  await db.schema.alterTable('inventory_batches').dropColumn('expired_on').execute();
}
