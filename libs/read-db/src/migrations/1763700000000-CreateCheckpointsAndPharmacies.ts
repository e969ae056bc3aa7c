import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('commit_position', 'bigint', (c) => c.notNull())
    .addColumn('prepare_position', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('pharmacies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_ar', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('manager_id', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pharmacies_name_idx').on('pharmacies').column('name').execute();

  await db.schema
    .createTable('seed_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seed_runs').execute();
  await db.schema.dropTable('pharmacies').execute();
  await db.schema.dropTable('projection_checkpoints').execute();
}
