// Scenario 1: concurrent writers appending two-event batches with exact
// expected revisions, each to its own streams.
import { cpuMeter, eventStore, makeEvent, percentiles, sleep } from '../lib/util.mjs';
import { queryStats, resetQueryStats, totalQueries } from '../lib/instrument.mjs';

const { PostgresEventStore } = eventStore;
const STREAMS_PER_WRITER = 16;

/** Everything acknowledged by any append scenario, for the correctness check. */
export const acknowledged = { appends: 0, events: 0, positions: new Set(), revisionMismatches: 0, errors: [] };

function openStore(url, syncOff) {
  // syncOff: diagnostic only (commits do not wait for the WAL flush), to show what the flush costs.
  const connectionString = syncOff ? `${url}?options=${encodeURIComponent('-c synchronous_commit=off')}` : url;
  return new PostgresEventStore({ connectionString, poolSize: 4, pollIntervalMs: 1000 });
}

/**
 * @param {object} o
 * @param {string} o.id        unique label (prefix of the stream names)
 * @param {number} o.writers
 * @param {boolean} o.shared   all writers share one store instance (one pool; group commit coalesces)
 * @param {number} o.seconds   measured duration
 * @param {number} [o.warmupSeconds]
 * @param {boolean} [o.syncOff] diagnostic: synchronous_commit=off
 */
export async function runAppendScenario(url, o, serverStats = null) {
  const open = () => openStore(url, o.syncOff);
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
  await sleep((o.warmupSeconds ?? 0.5) * 1000);
  resetQueryStats();
  await serverStats?.reset();
  const meter = cpuMeter();
  measuring = true;
  await sleep(o.seconds * 1000);
  measuring = false;
  const usage = meter();
  const queries = new Map(
    [...queryStats()].filter(([k]) => !k.startsWith('SELECT pg_stat')).map(([k, v]) => [k, { ...v }]),
  );
  stop = true;
  await Promise.all(running);
  await Promise.all(stores.map((s) => s.close()));
  const server = await serverStats?.collect();

  const seconds = usage.wallMs / 1000;
  const [p50, p99] = percentiles(latencies, [50, 99]);
  const roundTrips = totalQueries(queries);
  // Every coalesced batch calls eventstore.append_batch once; a batch it cannot decide (applied = false)
  // then takes the general path, one BEGIN … COMMIT transaction.
  const transactions = queries.get('append function')?.count ?? 0;
  const fallbacks = queries.get('BEGIN')?.count ?? 0;
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
    fallbacks,
    nodeCpu: usage.nodePct,
    pgCpu: usage.pgPct,
    otherCpu: usage.otherPct,
    errors,
    queries,
    transactions,
    server,
  };
}
