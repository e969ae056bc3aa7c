// Scenario 2: the same kind of rows written without the event store, by N
// separate connections: plain INSERT (autocommit), an explicit transaction,
// and a transaction that also takes a global advisory lock.
import { randomUUID } from 'node:crypto';
import { cpuMeter, makeEvent, percentiles, pg, sleep } from '../lib/util.mjs';

export const BASELINE_DDL = `
CREATE SCHEMA IF NOT EXISTS bench;
CREATE TABLE IF NOT EXISTS bench.plain_events (
  position bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, revision)
);`;

const INSERT_TWO = `INSERT INTO bench.plain_events (event_id, stream_id, revision, type, data, metadata, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)`;

export const BASELINE_MODES = {
  autocommit: { label: 'plain INSERT 2 rows, autocommit', statements: (q, p) => q(INSERT_TWO, p) },
  transaction: {
    label: 'BEGIN; INSERT 2 rows; COMMIT',
    statements: async (q, p) => {
      await q('BEGIN');
      await q(INSERT_TWO, p);
      await q('COMMIT');
    },
  },
  locked: {
    label: 'BEGIN; advisory lock; INSERT; COMMIT',
    statements: async (q, p) => {
      await q('BEGIN');
      await q('SELECT pg_advisory_xact_lock(4242)');
      await q(INSERT_TWO, p);
      await q('COMMIT');
    },
  },
};

export async function runBaseline(url, { mode, clients, seconds, warmupSeconds = 1 }, serverStats = null) {
  const { statements, label } = BASELINE_MODES[mode];
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  let stop = false;
  let measuring = false;
  let count = 0;
  const latencies = [];
  const run = async (c, w) => {
    const q = (text, values) => c.query(text, values);
    for (let i = 0; !stop; i++) {
      const stream = `${mode}-${randomUUID()}`; // new stream each time: no conflicts
      const [a, b] = [makeEvent('StockReceived', i), makeEvent('StockCounted', i)];
      const params = [a, b].flatMap((e, k) => [
        e.id,
        stream,
        k,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.metadata.occurredAt,
      ]);
      const counted = measuring;
      const t0 = process.hrtime.bigint();
      await statements(q, params);
      if (counted && measuring) {
        count += 1;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }
    void w;
  };
  const running = connections.map(run);
  await sleep(warmupSeconds * 1000);
  await serverStats?.reset();
  const meter = cpuMeter();
  measuring = true;
  await sleep(seconds * 1000);
  measuring = false;
  const usage = meter();
  stop = true;
  await Promise.all(running);
  await Promise.all(connections.map((c) => c.end()));
  const server = await serverStats?.collect();
  const [p50, p99] = percentiles(latencies, [50, 99]);
  return {
    mode,
    label,
    server,
    transactions: count,
    appends: count,
    clients,
    appendsPerSec: count / (usage.wallMs / 1000),
    eventsPerSec: (2 * count) / (usage.wallMs / 1000),
    p50,
    p99,
    roundTripsPerAppend: mode === 'autocommit' ? 1 : mode === 'transaction' ? 3 : 4,
    nodeCpu: usage.nodePct,
    pgCpu: usage.pgPct,
    otherCpu: usage.otherPct,
  };
}
