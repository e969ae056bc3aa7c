import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import { Pool, types, type PoolConfig } from 'pg';
import type { ReadDatabase } from './schema';
import { readDbMigrations } from './migrations';

// Keep DATE columns as 'YYYY-MM-DD' strings: a calendar date has no time zone.
types.setTypeParser(1082, (value) => value);

export type ReadDb = Kysely<ReadDatabase>;

export function createPool(connectionString: string, config: Omit<PoolConfig, 'connectionString'> = {}): Pool {
  const pool = new Pool({ connectionString, max: 10, ...config });
  // An idle connection that the server closed (restart, failover) is dropped and replaced on the
  // next checkout; without a listener the error would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createReadDb(pool: Pool): ReadDb {
  return new Kysely<ReadDatabase>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}

/** Runs a named set of kysely migrations, recording them in its own table. */
export async function runMigrations(
  connectionString: string,
  migrations: Record<string, Migration>,
  options: { tableName: string; schema?: string },
): Promise<string[]> {
  const pool = createPool(connectionString, { max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      migrationTableName: options.tableName,
      migrationLockTableName: `${options.tableName}_lock`,
      ...(options.schema ? { migrationTableSchema: options.schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}

/** Applies the read-side migrations (read tables, checkpoints). */
export function migrateDatabase(connectionString: string): Promise<string[]> {
  return runMigrations(connectionString, readDbMigrations, { tableName: 'read_db_migrations' });
}
