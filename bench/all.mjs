#!/usr/bin/env node
// Every benchmark scenario in one command (issue 13): `npm run bench:all`.
//
// Runs the benchmarks one after another, each as its own process with its own
// output, and ends with one table: every figure next to its target, with the
// machine's load while it was measured and the memory of the processes each
// scenario started. The scenarios:
//
//   data      the chain data set (bench/data.mjs), only when BENCH_DATA_DIR holds
//             no cluster yet (BENCH_FRESH_DATA=1 makes it again); its rebuild fills
//             the read models the list benchmarks read
//   lists     first pages of every list and product search over HTTP, on the chain
//             data set (bench/lists.mjs)
//   pages     every list page of the web app in Chromium, on the chain data set
//             (bench/list-pages.mjs)
//   rebuild   every projection rebuilt from the chain's log and swapped in
//             (bench/rebuild.mjs; skipped when the data step has just rebuilt)
//   checkout  sales over HTTP (bench/checkout.mjs, its own cluster and log)
//   audit     stock as of an instant and the reports (bench/audit.mjs, its own cluster)
//   web       first-load bytes of the sign-in page and the shell (bench/first-load.mjs)
//
// BENCH_ONLY=lists,web runs only those; BENCH_SKIP=rebuild leaves those out.
// BENCH_JSON=<file> also writes the table's figures as JSON.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSummary } from './lib/summary.mjs';
import { fmt, table } from './lib/util.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-chain');
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const freshData = process.env.BENCH_FRESH_DATA === '1' || !existsSync(join(DATA_DIR, 'PG_VERSION'));

const scenarios = [
  { name: 'data', script: 'data.mjs', wanted: freshData },
  { name: 'lists', script: 'lists.mjs', wanted: true },
  { name: 'pages', script: 'list-pages.mjs', wanted: true },
  // The data step ends with the same rebuild: no need to measure it twice.
  { name: 'rebuild', script: 'rebuild.mjs', wanted: !freshData },
  { name: 'checkout', script: 'checkout.mjs', wanted: true },
  { name: 'audit', script: 'audit.mjs', wanted: true },
  { name: 'web', script: 'first-load.mjs', wanted: true },
].filter((s) => s.wanted && (!ONLY || ONLY.has(s.name)) && !SKIP.has(s.name));

const say = (text) => console.log(`[bench:all] ${text}`);
const load = () => loadavg()[0];

/** Runs one benchmark script with its output on ours; resolves with its exit code. */
function run(script, env) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(here, script)], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const dir = await mkdtemp(join(tmpdir(), 'bench-all-'));
const results = [];
try {
  say(
    `${scenarios.map((s) => s.name).join(', ')} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB; chain data set in ${DATA_DIR}${freshData ? ' (made first)' : ''}`,
  );
  for (const scenario of scenarios) {
    const summary = join(dir, `${scenario.name}.jsonl`);
    const before = load();
    const started = Date.now();
    say(`${scenario.name}: starting (load ${before.toFixed(1)})`);
    const code = await run(scenario.script, { BENCH_SUMMARY: summary, BENCH_DATA_DIR: DATA_DIR });
    const seconds = (Date.now() - started) / 1000;
    const figures = await readSummary(summary);
    results.push({ ...scenario, code, seconds, loadBefore: before, loadAfter: load(), figures });
    say(`${scenario.name}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
  }

  const value = (f) =>
    `${f.unit === 'ms' || f.unit === 'MB' || f.unit === 'KB' ? fmt.num(f.value, f.unit === 'ms' ? 1 : 0) : fmt.int(f.value)} ${f.unit}`;
  const rows = results.flatMap((r) => [
    ...r.figures.map((f) => [
      r.name,
      f.measure,
      value(f),
      f.target === null ? '' : `${f.higherIsBetter ? '>=' : '<='} ${fmt.int(f.target)} ${f.unit}`,
      f.met === null ? '' : f.met ? 'met' : 'not met',
      `${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)}`,
    ]),
    ...(r.code === 0 ? [] : [[r.name, `the benchmark failed (exit ${r.code})`, '', '', 'failed', '']]),
  ]);
  console.log(`\nEvery scenario (${new Date().toISOString()}, ${cpus().length} cores)\n`);
  console.log(table(['scenario', 'measure', 'value', 'target', 'status', 'load'], rows));
  const missed = results.flatMap((r) => r.figures).filter((f) => f.met === false).length;
  console.log(`\n${missed === 0 ? 'Every target met.' : `${missed} target(s) not met: docs/benchmarks.md says why.`}`);
  if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  if (results.some((r) => r.code !== 0)) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
