#!/usr/bin/env node
// Event store benchmarks: `npm run bench` (builds the server packages first).
//
// Starts a throwaway PostgreSQL cluster in a temp dir WITH fsync on (plus
// pg_stat_statements for the server-side profile), runs the scenarios below
// against the built @pharmacy/event-store (libs/event-store/dist), prints
// tables, stops the cluster and removes the dir. About 2 minutes.
//
//   1. appends: 1 / 8 / 32 writers each with its own PostgresEventStore, and
//      8 / 32 writers sharing one instance (group commit); two-event appends
//      with exact expected revisions. Plus a profile: round trips, time per
//      statement, WAL flushes; and two runs with synchronous_commit=off.
//   2. baselines: plain INSERT / INSERT in a transaction / + global lock.
//   3. correctness of the log written by scenario 1, and checks of the
//      one-statement path and its fallback.
//   4. reads: the log topped up to >= 500k events, then subscribe() and
//      readAll() loops.
//
// Options (env): BENCH_SECONDS (measured seconds per append run, default 5),
// BENCH_PREFILL (the log is topped up to this many events before the reads,
// default 500000), BENCH_SKIP=baseline,diagnostics,reads (comma-separated),
// BENCH_ONLY=a8,a8s,autocommit,... (only these append runs and baselines),
// BENCH_JSON (also write a compact JSON summary to this file),
// BENCH_QUIET_WAIT (s to wait for other load to calm down before each run, default 5).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import './lib/instrument.mjs';
import { eventStore, fmt, pg, readDb, table, waitForQuiet, watchPostgres } from './lib/util.mjs';
import { restartWithServerStats, ServerStats } from './lib/server-stats.mjs';
import { acknowledged, runAppendScenario } from './scenarios/appends.mjs';
import { BASELINE_DDL, runBaseline } from './scenarios/baseline.mjs';
import { prefill, rawKeyset, readAllLoop, subscribeAll } from './scenarios/reads.mjs';
import { verifyLog } from './scenarios/verify.mjs';
import { fallbackChecks } from './scenarios/fallback.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PREFILL = Number(process.env.BENCH_PREFILL ?? 500_000);
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT ?? 5) * 1000;
/** Only these append runs / baseline modes (ids as in the code: a8, a8s, autocommit, ...). */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const started = Date.now();
const log = (...args) => console.log(...args);
const progress = (text) =>
  process.stderr.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);
/** Runs that started while other processes still took >= 25 % of a core after the wait. */
const busyStarts = [];
const quiet = async (what) => {
  const other = await waitForQuiet({ maxWaitMs: QUIET_WAIT_MS });
  if (other >= 25) {
    busyStarts.push(`${what} (${Math.round(other)}%)`);
    progress(`  (the machine is busy with other work: ${Math.round(other)}% of a core; figures will be disturbed)`);
  }
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
    `each append run: 0.5 s warm-up, then ${SECONDS} s measured; the benchmark client and the server share the same ${cpus().length} cores`,
  );

  // A short unreported run first: WAL segment creation, catalog caches, JIT of the client.
  progress('warm-up');
  await runAppendScenario(url, { id: 'warmup', writers: 8, shared: true, seconds: 2 });

  const baselineResults = [];
  if (!SKIP.has('baseline')) {
    for (const mode of ['autocommit', 'transaction', 'locked'].filter((m) => !ONLY || ONLY.has(m))) {
      await quiet(`baseline ${mode}`);
      progress(`baseline ${mode}`);
      baselineResults.push(
        await runBaseline(url, { mode, clients: 8, seconds: Math.max(3, Math.round(SECONDS * 0.8)) }, serverStats),
      );
    }
  }

  const appendRuns = [
    { id: 'a1', writers: 1, shared: false, label: '1 writer' },
    { id: 'a8', writers: 8, shared: false, label: '8 writers, 8 instances' },
    { id: 'a32', writers: 32, shared: false, label: '32 writers, 32 instances' },
    { id: 'a8s', writers: 8, shared: true, label: '8 writers, 1 shared instance' },
    { id: 'a32s', writers: 32, shared: true, label: '32 writers, 1 shared instance' },
  ];
  const diagnostics = [
    { id: 'd8', writers: 8, shared: false, syncOff: true, label: '8 writers, 8 instances' },
    { id: 'd8s', writers: 8, shared: true, syncOff: true, label: '8 writers, 1 shared instance' },
  ];
  const appendResults = [];
  for (const run of appendRuns.filter((r) => !ONLY || ONLY.has(r.id))) {
    await quiet(run.label);
    progress(run.label);
    appendResults.push(await runAppendScenario(url, { ...run, seconds: SECONDS }, serverStats));
  }
  const diagnosticResults = [];
  if (!SKIP.has('diagnostics')) {
    for (const run of diagnostics.filter((r) => !ONLY || ONLY.has(r.id))) {
      await quiet(`diagnostic ${run.label}`);
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
    [
      '',
      'Adapter: libs/event-store PostgresEventStore as built (a coalesced batch = one eventstore.append_batch call).',
      '“N instances” = one store (own pool) per writer, as separate processes would be; “1 shared instance” = one store,',
      `so its group commit coalesces concurrent appends. CPU in % of one core (${cpus().length * 100}% = all ${cpus().length} cores): node = this process,`,
      'pg = the cluster, other = anything else running on the machine (disturbs the figures).',
    ].join('\n'),
  );
  const fellBack = appendResults.filter((r) => r.fallbacks > 0);
  if (fellBack.length)
    log(`batches that took the checked path: ${fellBack.map((r) => `${r.label}: ${r.fallbacks}`).join(', ')}`);
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
        'server plan µs/commit',
        'server exec µs/commit',
        'client-observed µs/commit',
      ],
      all.map((r) => {
        const s = r.server;
        const seconds = r.appends / r.appendsPerSec; // the measured window (the server counters also include the few ms of shutdown)
        const commits = Math.max(1, s.commits);
        const top = [...s.statements.entries()].filter(([k]) => !k.startsWith('  (in function)'));
        const exec = top.reduce((t, [, v]) => t + v.ms, 0);
        const plan = top.reduce((t, [, v]) => t + v.planMs, 0);
        const client = r.queries
          ? [...r.queries.values()].reduce((t, q) => t + q.totalUs, 0) / Math.max(1, r.transactions)
          : NaN;
        return [
          r.label,
          fmt.int(s.commits / (Number.isFinite(seconds) ? seconds : 1)),
          fmt.num(s.walSyncsPerCommit, 2),
          fmt.int(s.wal.wal_sync ? (s.wal.wal_sync_time * 1000) / s.wal.wal_sync : NaN),
          fmt.int((plan * 1000) / commits),
          fmt.int((exec * 1000) / commits),
          fmt.int(client),
        ];
      }),
    ),
  );
  log(
    '\n(server plan / exec = pg_stat_statements planning and execution time of the top-level statements; neither includes the commit: the WAL flush at',
  );
  log(
    ' commit is counted in pg_stat_wal. Under the advisory lock every commit waits for its own flush while holding the lock.)',
  );

  const profiled = appendResults.filter((r) => ['a1', 'a8', 'a8s'].includes(r.id));
  const short = (r) => r.label.replace(/^(\d+) writers, 1 shared instance$/, '$1 writers, shared');
  log(
    '\n### Where the time goes, per transaction: client-observed (send → reply) and server execution, per statement\n',
  );
  // In execution order: the client's statement, then those inside eventstore.append_batch, then any others.
  const order = [
    'append function',
    'lock',
    'read stream revisions',
    'check revisions + existing ids',
    'read head',
    'insert events',
    'upsert streams',
    'notify',
    'return',
  ];
  const rank = (k) => {
    const i = order.indexOf(k.replace('  (in function) ', ''));
    return i < 0 ? order.length : i;
  };
  const keys = [
    ...new Set(
      profiled.flatMap((r) => [
        ...r.queries.keys(),
        ...[...r.server.statements.keys()].filter((k) => k.startsWith('  (in')),
      ]),
    ),
  ].sort((a, b) => rank(a) - rank(b));
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
            const plan = s?.plans ? `${fmt.int((s.planMs * 1000) / s.plans)} + ` : '';
            const server = s ? `${plan}${fmt.int((s.ms * 1000) / s.calls)}` : '·';
            return `${fmt.num(n, 2)} × ${client} / ${server} µs`;
          }),
        ]),
        ['appends per transaction', ...profiled.map((r) => fmt.num(r.appendsPerTransaction, 2))],
      ],
    ),
  );
  log(
    '\n(“count per transaction × client µs / server [planning +] execution µs”; client time of the lock includes waiting for it; the COMMIT’s',
  );
  log(
    ' server time excludes the WAL flush, its client time includes it; “(in function)” = statements inside eventstore.append_batch.)',
  );

  log('\n## 3. Correctness of the log written by the append runs\n');
  const checks = await verifyLog(url, acknowledged);
  log(
    table(
      ['check', 'result', 'detail'],
      checks.map((c) => [c.check, c.ok ? 'ok' : 'FAILED', c.detail]),
    ),
  );
  log('\n### The one-statement path and its fallback to the checked path\n');
  const pathChecks = await fallbackChecks(url);
  log(
    table(
      ['check', 'result', 'detail'],
      pathChecks.map((c) => [c.check, c.ok ? 'ok' : 'FAILED', c.detail]),
    ),
  );

  const readResults = [];
  if (!SKIP.has('reads')) {
    await quiet('prefill');
    progress(`topping the log up to ${PREFILL.toLocaleString('en-US')} events`);
    const filled = await prefill(url, PREFILL);
    for (const [fn, size] of [
      [rawKeyset, 1000],
      [readAllLoop, 1000],
      [readAllLoop, 5000],
      [subscribeAll, 1000],
      [subscribeAll, 5000],
    ]) {
      await quiet(`${fn.name} ${size}`);
      progress(`${fn.name} ${size}`);
      readResults.push(await fn(url, size, filled.head));
    }
    log(
      `\n## 4. Reading the whole log: ${filled.total.toLocaleString('en-US')} events (${filled.existing.toLocaleString('en-US')} from the append runs, ` +
        `${filled.prefilled.toLocaleString('en-US')} prefilled server-side; ${filled.seconds.toFixed(1)} s incl. VACUUM ANALYZE)\n`,
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
  for (const id of ['a8', 'a8s']) {
    if (byId[id]) rows.push(target(`appends/s, ${byId[id].label}`, byId[id].appendsPerSec, 6000, plain, 6000 / 7500));
  }
  for (const r of readResults.filter((x) => x.label.startsWith('subscribe'))) {
    rows.push(target(`events/s, ${r.label}`, r.eventsPerSec, 100_000, keyset, 100_000 / 185_000));
  }
  log(table(['target', 'measured', 'goal', '', 'measured / plain INSERT (or raw keyset) here'], rows));
  if (process.env.BENCH_JSON) {
    // A compact copy of the figures, for comparing runs (BENCH_JSON=/path/file.json).
    const pick = (r) => ({
      id: r.id ?? r.mode,
      label: r.label,
      appendsPerSec: r.appendsPerSec,
      p50: r.p50,
      p99: r.p99,
      roundTripsPerAppend: r.roundTripsPerAppend,
      appendsPerTransaction: r.appendsPerTransaction,
      otherCpu: r.otherCpu,
      fallbacks: r.fallbacks ?? 0,
      walFlushUs: r.server?.wal.wal_sync ? (r.server.wal.wal_sync_time * 1000) / r.server.wal.wal_sync : null,
    });
    const summary = {
      baselines: baselineResults.map(pick),
      appends: appendResults.map(pick),
      diagnostics: diagnosticResults.map(pick),
      reads: readResults.map((r) => ({ label: r.label, eventsPerSec: r.eventsPerSec, otherCpu: r.otherPct })),
      checks: [...checks, ...pathChecks].map((c) => ({ check: c.check, ok: c.ok })),
    };
    await writeFile(process.env.BENCH_JSON, JSON.stringify(summary, null, 2));
  }
  const failed = [...checks, ...pathChecks].filter((c) => !c.ok);
  const maxOther = Math.max(
    0,
    ...[...baselineResults, ...appendResults, ...diagnosticResults].map((r) => r.otherCpu),
    ...readResults.map((r) => r.otherPct),
  );
  log(
    `\nother processes took up to ${fmt.pct(maxOther)} of a core during the measured runs` +
      (busyStarts.length ? `; still busy after the wait before: ${busyStarts.join(', ')}` : ''),
  );
  log(
    `total bench time ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; ${failed.length} correctness check(s) FAILED` : ''}`,
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await cleanup();
}
