import type { Pool, PoolClient } from 'pg';
import { sleep } from './processes';

/** The reactor's checkpoint shares the table with the projections' but is not a read model. */
const NOT_A_READ_MODEL = 'transfer-process';

/** The position of the newest event in the log (0 when empty). */
export async function logHead(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ head: string }>(
    'SELECT coalesce(max(position), 0) AS head FROM eventstore.events',
  );
  return Number(rows[0]!.head);
}

/** A checkpoint's position (null when it has none). */
export async function checkpoint(pool: Pool, name: string): Promise<number | null> {
  const { rows } = await pool.query<{ p: string }>(
    'SELECT commit_position AS p FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? Number(rows[0].p) : null;
}

/** The lowest checkpoint of the read models. */
export async function readModelsAt(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ p: string | null }>(
    'SELECT min(commit_position) AS p FROM projection_checkpoints WHERE name <> $1',
    [NOT_A_READ_MODEL],
  );
  return Number(rows[0]!.p ?? 0);
}

/** Waits until every read model has applied the log up to `position` (default: its head now); the time it took. */
export async function waitForReadModels(pool: Pool, timeoutMs: number, position?: number): Promise<number> {
  const started = Date.now();
  const target = position ?? (await logHead(pool));
  while ((await readModelsAt(pool)) < target) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`the read models did not reach position ${target} within ${timeoutMs} ms`);
    }
    await sleep(50);
  }
  return Date.now() - started;
}

/** Waits until `check` holds (polled every 50 ms); the time it took. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** How many events of this type the log holds for this transfer. */
export async function transferEvents(pool: Pool, type: string, transferId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM eventstore.events WHERE type = $1 AND data->>'transferId' = $2",
    [type, transferId],
  );
  return rows[0]!.n;
}

/** The position of this transfer's event of this type (null: not in the log). */
export async function transferEventAt(pool: Pool, type: string, transferId: string): Promise<number | null> {
  const { rows } = await pool.query<{ p: string }>(
    "SELECT max(position) AS p FROM eventstore.events WHERE type = $1 AND data->>'transferId' = $2",
    [type, transferId],
  );
  return rows[0]?.p ? Number(rows[0].p) : null;
}

/** A backend of this database waiting for a lock, other than `except`: its pid and the tables its transaction writes. */
export async function blockedBackend(
  pool: Pool,
  except: number,
): Promise<{ pid: number; query: string; writing: string[] } | null> {
  const { rows } = await pool.query<{ pid: number; query: string }>(
    `SELECT pid, query FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1 AND pid <> pg_backend_pid()`,
    [except],
  );
  const blocked = rows[0];
  if (!blocked) return null;
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      WHERE l.pid = $1 AND l.granted AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r' ORDER BY 1`,
    [blocked.pid],
  );
  return { pid: blocked.pid, query: blocked.query, writing: tables.map((t) => t.name) };
}

/** Whether a backend with this pid is still connected. */
export async function backendAlive(pool: Pool, pid: number): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
  return rows.length > 0;
}

/**
 * Holds a lock in a transaction of its own until released (rolled back): what
 * makes a process wait at a chosen step, so that it can be killed there.
 */
export async function holdLock(pool: Pool, statement: string, values: unknown[] = []) {
  const client: PoolClient = await pool.connect();
  await client.query('BEGIN');
  await client.query(statement, values);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    pid: rows[0]!.pid,
    async release() {
      await client.query('ROLLBACK');
      client.release();
    },
  };
}
