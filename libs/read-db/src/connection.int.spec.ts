import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, type Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { createPool, isDatabaseUnavailable } from './connection';
import { freePort } from './local-postgres';

/** A connection PostgreSQL drops (a restart, a failover) against the pool every process uses. */
describe('the pool when PostgreSQL drops a connection', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const terminate = async (pid: number) => {
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
  };

  it('survives losing a checked-out client (a transaction between statements): its next query fails, the pool recovers', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // Without a listener of its own, the client's 'error' event would be an uncaught exception here.
    await terminate(rows[0]!.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const failure = await client.query('SELECT 1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    client.release(failure as Error);
    await expect(pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('tells a database that cannot be reached from a query that is wrong', async () => {
    const inFlight = pool.query('SELECT pg_sleep(5)').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await pool
      .query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)'")
      .then((r) => r.rows[0]!.pid);
    await terminate(busy);
    expect(isDatabaseUnavailable(await inFlight)).toBe(true); // 57P01, admin_shutdown

    const closed = createPool(`postgres://postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
    expect(isDatabaseUnavailable(await closed.query('SELECT 1').catch((error: unknown) => error))).toBe(true);
    await closed.end();

    const wrong = await pool.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom', { cause: wrong }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: await inFlight }))).toBe(true);
  });
});
