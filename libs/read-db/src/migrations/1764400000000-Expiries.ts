import { sql, type Kysely } from 'kysely';

/** The day a batch's expiry was recorded by the expiry scan, and the runs of background jobs. */
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.alterTable('inventory_batches').dropColumn('expired_on').execute();
}
