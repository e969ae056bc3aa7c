#!/usr/bin/env node
// The rebuild benchmark (issue 13): every projection rebuilt from the whole log
// into a shadow schema and swapped in (`rebuildProjections`, what
// `npm run projections:rebuild` runs), on the chain data set of `npm run bench:data`.
//
// `npm run bench:rebuild` starts the kept cluster (BENCH_DATA_DIR, default
// .data/bench-chain) and prints progress, ETA, events/s and the time of each
// phase (replay, indexes, swap) with the machine's load.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, readDb, startChainCluster } from './lib/util.mjs';
import { figure, memoryFigures, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const { PostgresEventStore } = require('@pharmacy/event-store');
const { allProjections, rebuildProjections } = require('@pharmacy/projections');

const TARGET = 50_000;

/** Rebuilds every projection of the database at `url`; prints and returns the figures. */
export async function rebuild(url, { log = console.log } = {}) {
  const store = new PostgresEventStore({ connectionString: url });
  const db = readDb.createReadDb(readDb.createPool(url));
  try {
    log(`rebuilding every projection from the log (load ${loadavg()[0].toFixed(1)})`);
    let lastReport = 0;
    const started = Date.now();
    const result = await rebuildProjections(store, db, allProjections, {
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
    return { ...result, rate, target: TARGET };
  } finally {
    await store.close();
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-chain');
  const cluster = await startChainCluster(dataDir);
  try {
    const url = cluster.url.replace(/\/postgres$/, '/chain');
    // A cluster kept from an older checkout gets this one's read-model migrations first.
    await readDb.migrateDatabase(url);
    await rebuild(url, {
      log: (text) => console.log(`[bench:rebuild] ${text}`),
    });
    await writeSummary(await memoryFigures('rebuild', { dataDir: cluster.dataDir }));
  } finally {
    await cluster.stop();
  }
}
