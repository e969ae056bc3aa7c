// Scenario 1: concurrent writers appending two-event batches with exact
// expected revisions, each to its own streams.
import { cpuMeter, eventStore, makeEvent, percentiles, sleep } from '../lib/util.mjs';
import { queryStats, resetQueryStats, totalQueries } from '../lib/instrument.mjs';
import { FourRoundTripEventStore, SingleRoundTripEventStore } from '../experimental/index.mjs';

const { PostgresEventStore } = eventStore;
const STREAMS_PER_WRITER = 16;

/** Everything acknowledged by any append scenario, for the correctness check. */
export const acknowledged = { appends: 0, events: 0, positions: new Set(), revisionMismatches: 0, errors: [] };

function openStore(url, adapter, maxInFlight, syncOff) {
  // syncOff: diagnostic only (commits do not wait for the WAL flush), to show what the flush costs.
  const connectionString = syncOff ? `${url}?options=${encodeURIComponent('-c synchronous_commit=off')}` : url;
  const options = { connectionString, poolSize: 4, pollIntervalMs: 1000 };
  if (adapter === 'current') return new PostgresEventStore(options);
  if (adapter === 'four-rt') return new FourRoundTripEventStore(options);
  return new SingleRoundTripEventStore({ ...options, maxInFlight });
}

/**
 * @param {object} o
 * @param {string} o.id        unique label (prefix of the stream names)
 * @param {'current'|'four-rt'|'single-rt'} o.adapter
 * @param {number} o.writers
 * @param {boolean} o.shared   all writers share one store instance (one pool; group commit coalesces)
 * @param {number} o.seconds   measured duration
 * @param {number} [o.warmupSeconds]
 * @param {number} [o.maxInFlight] experimental adapter only
 * @param {boolean} [o.syncOff] diagnostic: synchronous_commit=off
 */
export async function runAppendScenario(url, o, serverStats = null) {
  const open = () => openStore(url, o.adapter, o.maxInFlight, o.syncOff);
  const stores = o.shared ? [open()] : Array.from({ length: o.writers }, open);
  let stop = false;
  let measuring = false;
  let appends = 0;
  const latencies = [];
  let errors = 0;

  async function writer(w) {
    const store = stores[o.shared ? 0 : w];
    const revisions = new Array(STREAMS_PER_WRITER).fill(null);
    for (let i = 0; !stop; i++) {
      const s = i % STREAMS_PER_WRITER;
      const streamId = `${o.id}-w${w}-s${s}`;
      const expected = revisions[s] ?? 'no_stream';
      const events = [makeEvent('StockReceived', i), makeEvent('StockCounted', i)];
      const counted = measuring;
      const t0 = process.hrtime.bigint();
      try {
        const result = await store.append(streamId, events, expected);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const want = (revisions[s] ?? -1n) + 2n;
        if (result.nextExpectedRevision !== want) acknowledged.revisionMismatches += 1;
        revisions[s] = result.nextExpectedRevision;
        acknowledged.appends += 1;
        acknowledged.events += 2;
        acknowledged.positions.add(result.position.commit);
        if (counted && measuring) {
          appends += 1;
          latencies.push(ms);
        }
      } catch (error) {
        errors += 1;
        if (acknowledged.errors.length < 5) acknowledged.errors.push(`${o.id}: ${error.message}`);
        await sleep(10);
        revisions[s] = (await store.readStream(streamId)).at(-1)?.revision ?? null;
      }
    }
  }

  const running = Array.from({ length: o.writers }, (_, w) => writer(w));
  await sleep((o.warmupSeconds ?? 1) * 1000);
  resetQueryStats();
  await serverStats?.reset();
  const fastBefore = stores.reduce((n, s) => n + (s.fastBatches ?? 0), 0);
  const meter = cpuMeter();
  measuring = true;
  await sleep(o.seconds * 1000);
  measuring = false;
  const usage = meter();
  const queries = new Map(
    [...queryStats()].filter(([k]) => !k.startsWith('SELECT pg_stat')).map(([k, v]) => [k, { ...v }]),
  );
  const fastBatches = stores.reduce((n, s) => n + (s.fastBatches ?? 0), 0) - fastBefore;
  stop = true;
  await Promise.all(running);
  await Promise.all(stores.map((s) => s.close()));
  const server = await serverStats?.collect();

  const seconds = usage.wallMs / 1000;
  const [p50, p99] = percentiles(latencies, [50, 99]);
  const roundTrips = totalQueries(queries);
  const transactions = (queries.get('BEGIN')?.count ?? 0) + (queries.get('BEGIN + lock')?.count ?? 0) + fastBatches;
  return {
    ...o,
    appends,
    appendsPerSec: appends / seconds,
    eventsPerSec: (appends * 2) / seconds,
    p50,
    p99,
    roundTripsPerAppend: roundTrips / Math.max(1, appends),
    appendsPerTransaction: appends / Math.max(1, transactions),
    transactionsPerSec: transactions / seconds,
    nodeCpu: usage.nodePct,
    pgCpu: usage.pgPct,
    otherCpu: usage.otherPct,
    errors,
    queries,
    transactions,
    server,
  };
}
