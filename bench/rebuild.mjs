#!/usr/bin/env node
// The rebuild benchmark (issue 13): every projection rebuilt from the whole log
// into a shadow schema and swapped in (`rebuildProjections`, what
// `npm run projections:rebuild` runs), on the chain data set of `npm run bench:data`.
//
// `npm run bench:rebuild` starts the kept cluster (BENCH_DATA_DIR, default
// .data/bench-chain) and prints progress, ETA, events/s and the time of each
// phase (replay, indexes, swap) with the machine's load.
//
// BENCH_PROFILE=1 says where the time goes instead of racing: one connection
// (BENCH_PARALLEL, default 2, otherwise), each projection's own time, the Node
// process's CPU time, and PostgreSQL's time per kind of statement (the cluster
// is started with pg_stat_statements).
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, readDb, startChainCluster } from './lib/util.mjs';
import { ServerStats } from './lib/server-stats.mjs';
import { figure, memoryFigures, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const { PostgresEventStore } = require('@pharmacy/event-store');
const { allProjections, rebuildProjections } = require('@pharmacy/projections');

const TARGET = 50_000;

/** Rebuilds every projection of the database at `url`; prints and returns the figures. */
export async function rebuild(url, { log = console.log, profile = false } = {}) {
  const store = new PostgresEventStore({ connectionString: url });
  const db = readDb.createReadDb(readDb.createPool(url));
  const spent = new Map();
  // Profiling times each projection's writes (their PostgreSQL waits included) on one connection.
  const projections = profile ? allProjections.map((p) => timed(p, spent)) : allProjections;
  const serverStats = profile ? new ServerStats(url) : null;
  const cpuBefore = process.cpuUsage();
  try {
    if (serverStats) {
      await serverStats.open();
      await serverStats.reset();
    }
    log(`rebuilding every projection from the log (load ${loadavg()[0].toFixed(1)})`);
    let lastReport = 0;
    const started = Date.now();
    const result = await rebuildProjections(store, db, projections, {
      parallel: profile ? 1 : Number(process.env.BENCH_PARALLEL ?? 2),
      onProgress: ({ phase, processed, total, fraction }) => {
        if (phase !== 'replay' || Date.now() - lastReport < 5000) return;
        lastReport = Date.now();
        const seconds = (Date.now() - started) / 1000;
        const rate = processed / seconds;
        const eta = rate > 0 ? (total - processed) / rate : 0;
        log(
          `  ${(fraction * 100).toFixed(1)} %: ${fmt.int(processed)} of ${fmt.int(total)} events, ` +
            `${fmt.int(Math.round(rate))} events/s, ${eta.toFixed(0)} s left`,
        );
      },
    });
    const rate = Math.round(result.events / (result.ms / 1000));
    log(
      `${fmt.int(result.events)} events into ${result.projections.length} projections in ${(result.ms / 1000).toFixed(1)} s: ` +
        `${fmt.int(rate)} events/s (target >= ${fmt.int(TARGET)}); replay ${(result.phases.replay / 1000).toFixed(1)} s, ` +
        `indexes ${(result.phases.indexes / 1000).toFixed(1)} s, swap ${(result.phases.swap / 1000).toFixed(1)} s ` +
        `(load ${loadavg()[0].toFixed(1)})`,
    );
    await writeSummary([
      figure(
        'rebuild',
        `full rebuild of every projection (${fmt.int(result.events)} events)`,
        rate,
        'events/s',
        TARGET,
        true,
      ),
      ...(await memoryFigures('rebuild', { self: true })),
    ]);
    if (serverStats) await printProfile(serverStats, spent, process.cpuUsage(cpuBefore), result, log);
    return { ...result, rate, target: TARGET };
  } finally {
    await serverStats?.close();
    await store.close();
    await db.destroy();
  }
}

/** The projection with its writes timed into `spent` (ms by projection). */
function timed(projection, spent) {
  const add = (started) =>
    spent.set(projection.name, (spent.get(projection.name) ?? 0) + Number(process.hrtime.bigint() - started) / 1e6);
  return {
    ...projection,
    apply: projection.apply.bind(projection),
    fillTotals: projection.fillTotals?.bind(projection),
    async applyAll(trx, events) {
      const started = process.hrtime.bigint();
      try {
        if (projection.applyAll) await projection.applyAll(trx, events);
        else for (const event of events) await projection.apply(trx, event);
      } finally {
        add(started);
      }
    },
  };
}

async function printProfile(serverStats, spent, cpu, result, log) {
  log(`profile: Node's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s in ${(result.ms / 1000).toFixed(1)} s`);
  for (const [name, ms] of [...spent].sort((a, b) => b[1] - a[1])) {
    log(`  ${name.padEnd(14)} ${(ms / 1000).toFixed(1).padStart(7)} s (writing, PostgreSQL's waits included)`);
  }
  const kinds = await serverStats.byTable(20);
  const total = kinds.reduce((sum, kind) => sum + kind.ms, 0);
  log(`profile: PostgreSQL's statements ${(total / 1000).toFixed(1)} s (the 20 costliest kinds)`);
  for (const { kind, calls, rows, ms } of kinds) {
    const perRow = rows > 0 ? `${((ms * 1000) / rows).toFixed(1)} µs a row` : '';
    log(
      `  ${kind.padEnd(42)} ${(ms / 1000).toFixed(1).padStart(6)} s ` +
        `${fmt.int(calls).padStart(7)} calls ${fmt.int(rows).padStart(10)} rows  ${perRow}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-chain');
  const profile = process.env.BENCH_PROFILE === '1';
  const cluster = await startChainCluster(dataDir, profile ? { shared_preload_libraries: 'pg_stat_statements' } : {});
  try {
    const url = cluster.url.replace(/\/postgres$/, '/chain');
    // A cluster kept from an older checkout gets this one's read-model migrations first.
    await readDb.migrateDatabase(url);
    await rebuild(url, {
      log: (text) => console.log(`[bench:rebuild] ${text}`),
      profile,
    });
    await writeSummary(await memoryFigures('rebuild', { dataDir: cluster.dataDir }));
  } finally {
    await cluster.stop();
  }
}
