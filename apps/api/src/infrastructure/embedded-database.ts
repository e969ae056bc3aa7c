import { Client } from 'pg';
import { join, resolve } from 'node:path';
import { startLocalPostgres, type LocalPostgres } from '@pharmacy/read-db';

const DATABASE = 'pharmacy';

/**
 * The embedded default: a PostgreSQL cluster of our own in DATA_DIR/postgres,
 * started with the machine's server binaries, kept between runs.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<{ url: string; server: LocalPostgres }> {
  const server = await startLocalPostgres({ dataDir: join(resolve(dataDir), 'postgres') });
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = `/${DATABASE}`;
  return { url: url.toString(), server };
}
