#!/usr/bin/env node
// Event store benchmarks: `npm run bench` (builds the server packages first).
//
// Starts a throwaway PostgreSQL cluster in a temp dir WITH fsync on (plus
// pg_stat_statements for the server-side profile), runs the scenarios below,
// prints tables, stops the cluster and removes the dir. About 3 minutes.
//
//   1. appends: 1 / 8 / 32 writers each with its own PostgresEventStore, and
//      8 / 32 writers sharing one instance (group commit); two-event appends
//      with exact expected revisions; then the same with two experimental
//      variants of the adapter (bench/experimental/).
//   2. baselines: plain INSERT / INSERT in a transaction / + global lock.
//   3. reads: prefill >= 500k events, then subscribe() and readAll() loops.
//   4. correctness of the log written by scenario 1.
//
// Options (env): BENCH_SECONDS (measured seconds per append run, default 5),
// BENCH_PREFILL (events, default 500000), BENCH_EXTRA=1 (a few more runs),
// BENCH_SKIP=experimental,baseline,diagnostics,reads (comma-separated),
// BENCH_QUIET_WAIT (s to wait for other load to calm down before each run, default 8).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import './lib/instrument.mjs';
import { eventStore, fmt, pg, readDb, table, waitForQuiet, watchPostgres } from './lib/util.mjs';
import { restartWithServerStats, ServerStats } from './lib/server-stats.mjs';
import { acknowledged, runAppendScenario } from './scenarios/appends.mjs';
import { BASELINE_DDL, runBaseline } from './scenarios/baseline.mjs';
import { prefill, rawKeyset, readAllLoop, subscribeAll } from './scenarios/reads.mjs';
import { verifyLog } from './scenarios/verify.mjs';
import { installAppendFunction } from './experimental/index.mjs';
import { sanityChecks } from './experimental/sanity.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PREFILL = Number(process.env.BENCH_PREFILL ?? 500_000);
const EXTRA = process.env.BENCH_EXTRA === '1';
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT ?? 8) * 1000;
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const started = Date.now();
const log = (...args) => console.log(...args);
const progress = (text) =>
  process.stderr.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);
const quiet = async () => {
  const other = await waitForQuiet({ maxWaitMs: QUIET_WAIT_MS });
  if (other >= 25)
    progress(`  (the machine is busy with other work: ${Math.round(other)}% of a core; figures will be disturbed)`);
};

const root = await mkdtemp(join(tmpdir(), 'es-bench-'));
await chmod(root, 0o755); // the postgres OS user must traverse it when we run as root
let cluster = null;
let serverStats = null;
const cleanup = async () => {
  await serverStats?.close().catch(() => undefined);
  await cluster?.stop().catch((e) => console.error('could not stop the cluster:', e.message));
  cluster = null;
  await rm(root, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

try {
  progress('starting a fresh PostgreSQL cluster (fsync on)');
  cluster = await readDb.startLocalPostgres({ dataDir: join(root, 'data'), ephemeral: false });
  cluster = await restartWithServerStats(cluster);
  watchPostgres(cluster.dataDir);
  const admin = new pg.Client({ connectionString: cluster.url });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  const url = cluster.url.replace(/\/postgres$/, '/bench');
  const settings = Object.fromEntries(
    (
      await admin.query(
        `SELECT name, setting FROM pg_settings WHERE name IN ('server_version','fsync','synchronous_commit','full_page_writes','wal_sync_method','shared_buffers','commit_delay')`,
      )
    ).rows.map((r) => [r.name, r.setting]),
  );
  await admin.end();
  if (settings.fsync !== 'on' || settings.synchronous_commit !== 'on')
    throw new Error(`expected fsync and synchronous_commit on, got ${JSON.stringify(settings)}`);
  await eventStore.migrateEventStore(url);
  await installAppendFunction(url);
  {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(BASELINE_DDL);
    await c.end();
  }
  serverStats = new ServerStats(url);
  await serverStats.open();

  log('\n# Event store benchmarks');
  log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
  );
  log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, ` +
      `full_page_writes=${settings.full_page_writes}, wal_sync_method=${settings.wal_sync_method}, ` +
      `shared_buffers=${(Number(settings.shared_buffers) * 8) / 1024} MiB, commit_delay=${settings.commit_delay}, pg_stat_statements loaded`,
  );
  log(
    `each append run: 1 s warm-up, then ${SECONDS} s measured; the benchmark client and the server share the same ${cpus().length} cores`,
  );

  // A short unreported run first: WAL segment creation, catalog caches, JIT of the client.
  progress('warm-up');
  await runAppendScenario(url, { id: 'warmup', adapter: 'current', writers: 8, shared: true, seconds: 2 });

  const baselineResults = [];
  if (!SKIP.has('baseline')) {
    for (const mode of ['autocommit', 'transaction', 'locked']) {
      await quiet();
      progress(`baseline ${mode}`);
      baselineResults.push(
        await runBaseline(url, { mode, clients: 8, seconds: Math.max(3, Math.round(SECONDS * 0.8)) }, serverStats),
      );
    }
  }

  const appendRuns = [
    { id: 'cur-1', adapter: 'current', writers: 1, shared: false, label: 'current: 1 writer' },
    { id: 'cur-8', adapter: 'current', writers: 8, shared: false, label: 'current: 8 writers, 8 instances' },
    { id: 'cur-32', adapter: 'current', writers: 32, shared: false, label: 'current: 32 writers, 32 instances' },
    { id: 'cur-8s', adapter: 'current', writers: 8, shared: true, label: 'current: 8 writers, 1 shared instance' },
    { id: 'cur-32s', adapter: 'current', writers: 32, shared: true, label: 'current: 32 writers, 1 shared instance' },
  ];
  const diagnostics = [
    {
      id: 'cur-8-nosync',
      adapter: 'current',
      writers: 8,
      shared: false,
      syncOff: true,
      label: 'current: 8 writers, 8 instances',
    },
    {
      id: 'cur-8s-nosync',
      adapter: 'current',
      writers: 8,
      shared: true,
      syncOff: true,
      label: 'current: 8 writers, 1 shared instance',
    },
  ];
  if (!SKIP.has('experimental')) {
    appendRuns.push(
      { id: 'four-8', adapter: 'four-rt', writers: 8, shared: false, label: 'four-round-trip: 8 writers, 8 instances' },
      {
        id: 'four-8s',
        adapter: 'four-rt',
        writers: 8,
        shared: true,
        label: 'four-round-trip: 8 writers, 1 shared instance',
      },
      { id: 'one-1', adapter: 'single-rt', writers: 1, shared: false, label: 'one-round-trip: 1 writer' },
      { id: 'one-8', adapter: 'single-rt', writers: 8, shared: false, label: 'one-round-trip: 8 writers, 8 instances' },
      {
        id: 'one-32',
        adapter: 'single-rt',
        writers: 32,
        shared: false,
        label: 'one-round-trip: 32 writers, 32 instances',
      },
      {
        id: 'one-8s',
        adapter: 'single-rt',
        writers: 8,
        shared: true,
        label: 'one-round-trip: 8 writers, 1 shared instance',
      },
      {
        id: 'one-32s',
        adapter: 'single-rt',
        writers: 32,
        shared: true,
        label: 'one-round-trip: 32 writers, 1 shared instance',
      },
    );
    if (EXTRA) {
      appendRuns.push(
        {
          id: 'four-32s',
          adapter: 'four-rt',
          writers: 32,
          shared: true,
          label: 'four-round-trip: 32 writers, 1 shared instance',
        },
        {
          id: 'one-8s2',
          adapter: 'single-rt',
          writers: 8,
          shared: true,
          maxInFlight: 2,
          label: 'one-round-trip: 8 writers, 1 shared, 2 batches in flight',
        },
        {
          id: 'one-16s',
          adapter: 'single-rt',
          writers: 16,
          shared: true,
          label: 'one-round-trip: 16 writers, 1 shared instance',
        },
      );
    }
    diagnostics.push(
      {
        id: 'one-8-nosync',
        adapter: 'single-rt',
        writers: 8,
        shared: false,
        syncOff: true,
        label: 'one-round-trip: 8 writers, 8 instances',
      },
      {
        id: 'one-8s-nosync',
        adapter: 'single-rt',
        writers: 8,
        shared: true,
        syncOff: true,
        label: 'one-round-trip: 8 writers, 1 shared instance',
      },
    );
  }
  const appendResults = [];
  for (const run of appendRuns) {
    await quiet();
    progress(run.label);
    appendResults.push(await runAppendScenario(url, { ...run, seconds: SECONDS }, serverStats));
  }
  const diagnosticResults = [];
  if (!SKIP.has('diagnostics')) {
    for (const run of diagnostics) {
      await quiet();
      progress(`diagnostic, synchronous_commit=off: ${run.label}`);
      diagnosticResults.push(
        await runAppendScenario(url, { ...run, seconds: Math.max(2, Math.round(SECONDS / 2)) }, serverStats),
      );
    }
  }

  const header = [
    'scenario',
    'appends/s',
    'events/s',
    'p50 ms',
    'p99 ms',
    'round trips/append',
    'appends/txn',
    'CPU node',
    'CPU pg',
    'CPU other',
    'errors',
  ];
  const appendRow = (r, label = r.label) => [
    label,
    fmt.int(r.appendsPerSec),
    fmt.int(r.eventsPerSec),
    fmt.ms(r.p50),
    fmt.ms(r.p99),
    fmt.num(r.roundTripsPerAppend, 2),
    fmt.num(r.appendsPerTransaction ?? 1, 2),
    fmt.pct(r.nodeCpu),
    fmt.pct(r.pgCpu),
    fmt.pct(r.otherCpu),
    String(r.errors ?? 0),
  ];
  const baselineLabel = (r) => `baseline, 8 connections: ${r.label}`;
  log('\n## 1–2. Appends (two events each, exact expected revision per stream) and baselines\n');
  log(
    table(header, [
      ...baselineResults.map((r) => appendRow(r, baselineLabel(r))),
      ...appendResults.map((r) => appendRow(r)),
    ]),
  );
  log(
    '\n“current” = libs/event-store PostgresEventStore (9 round trips per commit); “four-round-trip” and “one-round-trip” =',
  );
  log(
    'bench/experimental/. “N instances” = one store (own pool) per writer, as separate processes would be; “1 shared',
  );
  log(
    'instance” = one store, so its group commit coalesces concurrent appends. CPU in % of one core (200% = both cores):',
  );
  log('node = this process, pg = the cluster, other = anything else running on the machine (disturbs the figures).');
  if (diagnosticResults.length) {
    log('\n### Diagnostic: synchronous_commit=off (NOT durable; shows what waiting for the WAL flush costs)\n');
    log(
      table(
        header,
        diagnosticResults.map((r) => appendRow(r)),
      ),
    );
  }

  const all = [...baselineResults.map((r) => ({ ...r, label: baselineLabel(r) })), ...appendResults].filter(
    (r) => r.server,
  );
  log('\n### Server side: commits, WAL flushes and execution time per commit\n');
  log(
    table(
      [
        'scenario',
        'commits/s',
        'WAL flushes/commit',
        'mean flush µs',
        'server exec µs/commit',
        'client-observed µs/commit',
      ],
      all.map((r) => {
        const s = r.server;
        const seconds = r.appends / r.appendsPerSec; // the measured window (the server counters also include the few ms of shutdown)
        const commits = Math.max(1, s.commits);
        const exec = [...s.statements.entries()]
          .filter(([k]) => !k.startsWith('  (in function)'))
          .reduce((t, [, v]) => t + v.ms, 0);
        const client = r.queries
          ? [...r.queries.values()].reduce((t, q) => t + q.totalUs, 0) / Math.max(1, r.transactions)
          : NaN;
        return [
          r.label,
          fmt.int(s.commits / (Number.isFinite(seconds) ? seconds : 1)),
          fmt.num(s.walSyncsPerCommit, 2),
          fmt.int(s.wal.wal_sync ? (s.wal.wal_sync_time * 1000) / s.wal.wal_sync : NaN),
          fmt.int((exec * 1000) / commits),
          fmt.int(client),
        ];
      }),
    ),
  );
  log(
    '\n(server exec = pg_stat_statements time of the top-level statements, which excludes the commit; the WAL flush at',
  );
  log(
    ' commit is counted in pg_stat_wal. Under the advisory lock every commit waits for its own flush while holding the lock.)',
  );

  const profiled = appendResults.filter((r) =>
    ['cur-8', 'cur-8s', 'four-8', 'four-8s', 'one-8', 'one-8s'].includes(r.id),
  );
  const short = (r) =>
    r.label
      .replace(/^(current|four-round-trip|one-round-trip): (\d+) writers, (\d+) instances$/, '$1, $3 inst.')
      .replace(/^(current|four-round-trip|one-round-trip): (\d+) writers, 1 shared instance$/, '$1, shared');
  log(
    '\n### Where the time goes, per transaction: client-observed (send → reply) and server execution, per statement\n',
  );
  const keys = [
    ...new Set(
      profiled.flatMap((r) => [
        ...r.queries.keys(),
        ...[...r.server.statements.keys()].filter((k) => k.startsWith('  (in')),
      ]),
    ),
  ];
  log(
    table(
      ['statement', ...profiled.map(short)],
      [
        ...keys.map((k) => [
          k,
          ...profiled.map((r) => {
            const q = r.queries.get(k);
            const s = r.server.statements.get(k);
            const commits = Math.max(1, r.server.commits);
            if (!q && !s) return '';
            const n = q ? q.count / Math.max(1, r.transactions) : s.calls / commits;
            const client = q ? `${fmt.int(q.totalUs / q.count)}` : '·';
            const server = s ? `${fmt.int((s.ms * 1000) / s.calls)}` : '·';
            return `${fmt.num(n, 2)} × ${client} / ${server} µs`;
          }),
        ]),
        ['appends per transaction', ...profiled.map((r) => fmt.num(r.appendsPerTransaction, 2))],
      ],
    ),
  );
  log(
    '\n(“count per transaction × client µs / server µs”; client time of the lock includes waiting for it; the COMMIT’s',
  );
  log(
    ' server time excludes the WAL flush, its client time includes it; “(in function)” = statements inside eventstore.append_batch.)',
  );

  log('\n## 4. Correctness of the log written by the append runs\n');
  const checks = await verifyLog(url, acknowledged);
  log(
    table(
      ['check', 'result', 'detail'],
      checks.map((c) => [c.check, c.ok ? 'ok' : 'FAILED', c.detail]),
    ),
  );
  let sanity = [];
  if (!SKIP.has('experimental')) {
    log('\n### Experimental one-round-trip adapter: fallback paths\n');
    sanity = await sanityChecks(url);
    log(
      table(
        ['check', 'result', 'detail'],
        sanity.map((c) => [c.check, c.ok ? 'ok' : 'FAILED', c.detail]),
      ),
    );
  }

  const readResults = [];
  if (!SKIP.has('reads')) {
    await quiet();
    progress(`prefilling ${PREFILL.toLocaleString('en-US')} events`);
    const filled = await prefill(url, PREFILL);
    for (const [fn, size] of [
      [rawKeyset, 1000],
      [readAllLoop, 1000],
      [readAllLoop, 5000],
      [subscribeAll, 1000],
      [subscribeAll, 5000],
    ]) {
      await quiet();
      progress(`${fn.name} ${size}`);
      readResults.push(await fn(url, size, filled.head));
    }
    log(
      `\n## 3. Reading the whole log (${filled.total.toLocaleString('en-US')} events; prefill took ${filled.seconds.toFixed(1)} s incl. VACUUM ANALYZE)\n`,
    );
    log(
      table(
        ['reader', 'events', 'seconds', 'events/s', 'in order', 'CPU node', 'CPU pg', 'CPU other'],
        readResults.map((r) => [
          r.label,
          fmt.int(r.count),
          fmt.num(r.wallMs / 1000, 2),
          fmt.int(r.eventsPerSec),
          r.ordered === undefined ? '' : r.ordered ? 'yes, gap-free' : 'NO',
          fmt.pct(r.nodePct),
          fmt.pct(r.pgPct),
          fmt.pct(r.otherPct),
        ]),
      ),
    );
  }

  const byId = Object.fromEntries(appendResults.map((r) => [r.id, r]));
  log('\n## Targets (/work/shared/design/architecture.md §4), and the same ratio to this machine’s baselines\n');
  const plain = baselineResults.find((r) => r.mode === 'autocommit')?.appendsPerSec;
  const keyset = readResults.find((r) => r.label.startsWith('raw keyset'))?.eventsPerSec;
  const target = (name, value, goal, base, referenceRatio) => [
    name,
    fmt.int(value),
    `>= ${fmt.int(goal)}`,
    value >= goal ? 'met' : 'NOT met',
    base ? `${fmt.int((value / base) * 100)}% (target: ${fmt.int(referenceRatio * 100)}%)` : '-',
  ];
  const rows = [];
  for (const id of ['cur-8', 'cur-8s', 'four-8', 'four-8s', 'one-8', 'one-8s']) {
    if (byId[id]) rows.push(target(`appends/s, ${byId[id].label}`, byId[id].appendsPerSec, 6000, plain, 6000 / 7500));
  }
  for (const r of readResults.filter((x) => x.label.startsWith('subscribe'))) {
    rows.push(target(`events/s, ${r.label}`, r.eventsPerSec, 100_000, keyset, 100_000 / 185_000));
  }
  log(table(['target', 'measured', 'goal', '', 'measured / plain INSERT (or raw keyset) here'], rows));
  const failed = [...checks, ...sanity].filter((c) => !c.ok);
  log(
    `\ntotal bench time ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; ${failed.length} correctness check(s) FAILED` : ''}`,
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await cleanup();
}
