import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import { Pool, types, type PoolClient, type PoolConfig } from 'pg';
import type { ReadDatabase } from './schema';
import { readDbMigrations } from './migrations';

// Keep DATE columns as 'YYYY-MM-DD' strings: a calendar date has no time zone.
types.setTypeParser(1082, (value) => value);

export type ReadDb = Kysely<ReadDatabase>;

/** Column and table names are snake_case in PostgreSQL, camelCase in TypeScript. */
const plugins = () => [new CamelCasePlugin({ maintainNestedObjectKeys: true })];

class SnakeCaseNames extends CamelCasePlugin {
  name(text: string): string {
    return this.snakeCase(text);
  }
}
const names = new SnakeCaseNames();

/** A table or column's name in PostgreSQL, as the read database's queries write it ('saleLines' → 'sale_lines'). */
export function snakeCaseName(name: string): string {
  return names.name(name);
}

export function createPool(connectionString: string, config: Omit<PoolConfig, 'connectionString'> = {}): Pool {
  const pool = new Pool({ connectionString, max: 10, ...config });
  // An idle connection that the server closed (restart, failover) is dropped and replaced on the
  // next checkout; without a listener the error would crash the process.
  pool.on('error', () => undefined);
  // The pool listens only to idle clients: one checked out when its connection dies (a transaction
  // between two statements, or no statement running) emits 'error' with no listener, which crashes
  // the process. Its queries fail, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Socket errors, and SQLSTATEs of a server that is down, shutting down or starting up (class 08, 57P01-57P03). */
const UNREACHABLE_CODES =
  /^(08...|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/;
/** What pg and pg-pool say, without a code, when the connection dropped or could not be made in time. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether an error means PostgreSQL cannot be reached right now (down,
 * restarting, failing over): the same request may pass a moment later. Looks
 * through wrapped errors (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: socket errors come from Node's own realm, where `instanceof Error` may not hold.
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

export function createReadDb(pool: Pool): ReadDb {
  const db = new Kysely<ReadDatabase>({
    dialect: new PostgresDialect({ pool }),
    plugins: plugins(),
  });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<ReadDb, Pool>();

/** The pool a read database was made on (by `createReadDb`), for work that needs a connection of its own. */
export function poolOf(db: ReadDb): Pool | undefined {
  return pools.get(db);
}

/**
 * A read database that runs every statement on this one checked-out client, so
 * that the client can also be used directly inside its transactions (COPY, for
 * one). Releasing the client stays with the caller.
 */
export function readDbOnClient(client: PoolClient): ReadDb {
  const connection = { query: client.query.bind(client), release: () => undefined };
  return new Kysely<ReadDatabase>({
    dialect: new PostgresDialect({
      pool: { connect: async () => connection, end: async () => undefined } as unknown as Pool,
    }),
    plugins: plugins(),
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
