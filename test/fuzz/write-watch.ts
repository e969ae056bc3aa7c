import { Client } from 'pg';

/**
 * Sees whether anything was written to a test database: the event log's last
 * position, and a row-level trigger on every table that notes each committed
 * insert, update or delete in a table of its own (`fuzz_watch.writes`).
 *
 * Why triggers and not `pg_stat_user_tables`: a server backend sends its
 * table counters to the statistics system at most once a second, and up to
 * ten seconds later when it is busy (PostgreSQL 15), so a counter read right
 * after an answer may not show the write yet. A trigger's row is committed with
 * the write itself (and rolled back with it). The watch is installed in the
 * test's own database only, after the demo data is seeded.
 *
 * Tables not watched: `sessions` (the session store writes a row at sign-in and
 * moves a session's expiry on use, whatever the answer) and `rate_limits` (the
 * sign-in throttle counts every attempt, refused ones included: that is its
 * purpose).
 */
export const UNWATCHED_TABLES = ['public.sessions', 'public.rate_limits'] as const;

export interface WriteMark {
  position: string;
  writes: number;
}

export interface WriteWatch {
  /** Where the event log and the noted writes are now. */
  mark(): Promise<WriteMark>;
  /** The tables written since a mark, and the events appended ([] and 0: nothing written). */
  since(mark: WriteMark): Promise<{ tables: string[]; events: number }>;
  /** Waits until nothing more is being written (the projector and reactors done with the last write), at most `timeoutMs`. */
  settle(timeoutMs?: number): Promise<void>;
  /** Disconnects (the triggers go with the test's database). */
  close(): Promise<void>;
}

export async function watchWrites(databaseUrl: string): Promise<WriteWatch> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`
    CREATE SCHEMA fuzz_watch;
    CREATE TABLE fuzz_watch.writes (id bigserial PRIMARY KEY, table_name text NOT NULL, operation text NOT NULL);
    CREATE FUNCTION fuzz_watch.note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_watch.writes (table_name, operation) VALUES (TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
  `);
  const tables = await client.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname IN ('public', 'eventstore') AND schemaname || '.' || tablename <> ALL($1)`,
    [UNWATCHED_TABLES],
  );
  for (const { name } of tables.rows) {
    await client.query(
      `CREATE TRIGGER fuzz_watch AFTER INSERT OR UPDATE OR DELETE ON ${name} FOR EACH ROW EXECUTE FUNCTION fuzz_watch.note()`,
    );
    await client.query(
      `CREATE TRIGGER fuzz_watch_truncate AFTER TRUNCATE ON ${name} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_watch.note()`,
    );
  }

  const mark = async (): Promise<WriteMark> => {
    const { rows } = await client.query<{ position: string; writes: string }>(
      `SELECT (SELECT coalesce(max(position), 0) FROM eventstore.events)::text AS position,
              (SELECT count(*) FROM fuzz_watch.writes)::text AS writes`,
    );
    return { position: rows[0]!.position, writes: Number(rows[0]!.writes) };
  };

  return {
    mark,
    async since(before) {
      const now = await mark();
      if (now.writes === before.writes && now.position === before.position) return { tables: [], events: 0 };
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT DISTINCT table_name FROM (SELECT table_name FROM fuzz_watch.writes ORDER BY id DESC LIMIT $1) latest`,
        [Math.max(now.writes - before.writes, 1)],
      );
      const events = Number(
        (
          await client.query<{ n: string }>('SELECT count(*)::text AS n FROM eventstore.events WHERE position > $1', [
            before.position,
          ])
        ).rows[0]!.n,
      );
      return { tables: rows.map((row) => row.table_name).sort(), events };
    },
    async settle(timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      let last = await mark();
      let quiet = 0;
      while (quiet < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const now = await mark();
        quiet = now.writes === last.writes && now.position === last.position ? quiet + 1 : 0;
        last = now;
      }
    },
    async close() {
      await client.end();
    },
  };
}
