// Server-side view of a run: execution time per statement (pg_stat_statements,
// nested statements of functions included) and WAL flushes (pg_stat_wal with
// track_wal_io_timing). Statement times exclude the commit, whose cost is the
// WAL flush counted in pg_stat_wal.
import { pg, readDb, sleep } from './util.mjs';
import { statementKey } from './instrument.mjs';

/** Restarts the cluster with pg_stat_statements loaded; returns the new handle. */
export async function restartWithServerStats(cluster) {
  const sql = async (url, statements) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    try {
      for (const s of statements) await c.query(s);
    } finally {
      await c.end();
    }
  };
  await sql(cluster.url, [
    `ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`,
    `ALTER SYSTEM SET track_wal_io_timing = on`,
  ]);
  await cluster.stop();
  const restarted = await readDb.startLocalPostgres({ dataDir: cluster.dataDir, ephemeral: false });
  // Custom settings of a module can only be set once it is loaded.
  await sql(restarted.url, [
    `ALTER SYSTEM SET pg_stat_statements.track = 'all'`,
    `ALTER SYSTEM SET pg_stat_statements.track_planning = on`,
    'SELECT pg_reload_conf()',
  ]);
  return restarted;
}

export class ServerStats {
  constructor(url) {
    this.url = url;
    this.client = null;
  }

  async open() {
    this.client = new pg.Client({ connectionString: this.url });
    this.client.on('error', () => undefined);
    await this.client.connect();
    await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  }

  async reset() {
    await this.client.query(`SELECT pg_stat_statements_reset(), pg_stat_reset_shared('wal'), pg_stat_reset()`);
  }

  /** Call after the run's connections are closed (exiting backends flush their WAL counters). */
  async collect() {
    await sleep(300);
    const { rows } = await this.client.query(
      `SELECT query, calls::int AS calls, total_exec_time AS ms, plans::int AS plans, total_plan_time AS plan_ms, toplevel FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query !~* 'pg_stat'`,
    );
    const statements = new Map();
    for (const r of rows) {
      const key = `${r.toplevel ? '' : '  (in function) '}${statementKey(r.query)}`;
      const s = statements.get(key) ?? { calls: 0, ms: 0, plans: 0, planMs: 0 };
      s.calls += r.calls;
      s.ms += r.ms;
      s.plans += r.plans;
      s.planMs += r.plan_ms;
      statements.set(key, s);
    }
    const {
      rows: [wal],
    } = await this.client.query(
      'SELECT wal_records::bigint::text, wal_bytes::text, wal_write::int, wal_sync::int, wal_write_time, wal_sync_time FROM pg_stat_wal',
    );
    const {
      rows: [db],
    } = await this.client.query(
      'SELECT xact_commit::int AS commits FROM pg_stat_database WHERE datname = current_database()',
    );
    // Exact transaction count from pg_stat_statements (updated at once); xact_commit and the WAL counters are
    // flushed lazily by each backend (up to a second late), so they are only used as a ratio to each other.
    const calls = (key) => statements.get(key)?.calls ?? 0;
    const commits =
      calls('COMMIT') + calls('append function') + (calls('COMMIT') === 0 ? calls('insert (baseline)') : 0);
    return { statements, wal, commits, walSyncsPerCommit: wal.wal_sync / Math.max(1, db.commits) };
  }

  /**
   * Time, calls and rows per kind of statement, named by its verb and table (`copy "sales"`,
   * `insert into product_sales_chain`, `update inventory_batches`): where a read side's writes go.
   */
  async byTable(limit = 20) {
    const { rows } = await this.client.query(
      `SELECT substring(regexp_replace(lower(query), '\\s+', ' ', 'g') FROM '^(\\w+ (?:into |from )?"?[a-z_]+)') AS kind,
              sum(calls)::bigint AS calls, sum(rows)::bigint AS rows, round(sum(total_exec_time))::bigint AS ms
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query !~* 'pg_stat'
        GROUP BY 1 ORDER BY 4 DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      kind: String(row.kind).replaceAll('"', ''),
      calls: Number(row.calls),
      rows: Number(row.rows),
      ms: Number(row.ms),
    }));
  }

  async close() {
    await this.client?.end();
  }
}
