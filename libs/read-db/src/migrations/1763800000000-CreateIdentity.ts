import { sql, type Kysely } from 'kysely';

/**
 * Identity is plain relational data, not events: secrets (password hashes,
 * one-time codes) must be erasable. Every change is also written to audit_logs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pharmacist')
        .check(sql`role IN ('admin', 'pharmacist')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('otp_secret', 'text')
    .addColumn('otp_expires_at', 'timestamptz')
    .addColumn('otp_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('failed_login_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('password_reset_token', 'text')
    .addColumn('password_reset_expires_at', 'timestamptz')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_last_step', 'bigint')
    .addColumn('backup_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('default_pharmacy_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`.execute(db);

  await db.schema
    .createTable('user_pharmacies')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pharmacy_id', 'uuid', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_pharmacies_pkey', ['user_id', 'pharmacy_id'])
    .execute();

  // The layout connect-pg-simple expects.
  await sql`
    CREATE TABLE sessions (
      sid varchar NOT NULL PRIMARY KEY,
      sess json NOT NULL,
      expire timestamp(6) NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_expire_idx ON sessions (expire)`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (((sess -> 'passport' ->> 'user')))`.execute(db);

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid')
    .addColumn('pharmacist_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('old_values', 'jsonb')
    .addColumn('new_values', 'jsonb')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('pharmacy_id', 'uuid')
    .addColumn('metadata', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_logs_entity_idx').on('audit_logs').columns(['entity_type', 'entity_id']).execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'system_settings', 'audit_logs', 'sessions', 'user_pharmacies', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
