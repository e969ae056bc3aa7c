// The figures a benchmark hands to `npm run bench:all` (bench/all.mjs), and the
// memory of the processes it measured.
//
// A benchmark started by bench:all finds BENCH_SUMMARY set to a file and appends
// one JSON line per figure to it: what was measured, the value, its unit, the
// target and whether it was met. Run on its own, it writes nothing extra.
import { appendFile, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One figure next to its target. `higherIsBetter` says which way the target
 * points (events/s: higher; milliseconds and kilobytes: lower). A figure with
 * no target (memory) has `target` null.
 */
export function figure(scenario, measure, value, unit, target = null, higherIsBetter = false) {
  const met = target === null ? null : higherIsBetter ? value >= target : value <= target;
  return { scenario, measure, value, unit, target, higherIsBetter, met };
}

/** Appends the figures to BENCH_SUMMARY when bench:all asked for them. */
export async function writeSummary(figures) {
  const file = process.env.BENCH_SUMMARY;
  if (!file || figures.length === 0) return;
  await appendFile(file, figures.map((f) => JSON.stringify(f)).join('\n') + '\n');
}

/** The figures a run appended to `file` (none when it wrote nothing). */
export async function readSummary(file) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Fields of /proc/<pid>/<name> in kB, by field name (VmRSS, VmHWM, Pss, ...). */
async function procKb(pid, name) {
  const text = await readFile(`/proc/${pid}/${name}`, 'utf8').catch(() => '');
  const fields = {};
  for (const match of text.matchAll(/^(\w+):\s+(\d+) kB$/gm)) fields[match[1]] = Number(match[2]);
  return fields;
}

/** Resident memory of one process in MB: now and the most it has held (VmHWM). */
export async function processMemory(pid) {
  const status = await procKb(pid, 'status');
  return { rssMb: (status.VmRSS ?? 0) / 1024, peakMb: (status.VmHWM ?? 0) / 1024 };
}

/**
 * Memory of a PostgreSQL cluster in MB: the proportional set size (Pss) of the
 * postmaster and every process it started, so shared buffers count once rather
 * than once per backend.
 */
export async function postgresMemory(dataDir) {
  const head = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const postmaster = Number(head.split('\n')[0]);
  if (!postmaster) return { pssMb: 0, processes: 0 };
  const pids = [postmaster];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent pid is the second field after the command, which is in parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) pids.push(Number(entry));
  }
  let pss = 0;
  for (const pid of pids) pss += (await procKb(pid, 'smaps_rollup')).Pss ?? 0;
  return { pssMb: pss / 1024, processes: pids.length };
}

/** Memory figures (no target) for the API process and the cluster of one scenario. */
export async function memoryFigures(scenario, { apiPid = null, dataDir = null, self = false } = {}) {
  const figures = [];
  if (apiPid) figures.push(figure(scenario, 'API process, peak resident', (await processMemory(apiPid)).peakMb, 'MB'));
  if (self)
    figures.push(figure(scenario, 'benchmark process, peak resident', (await processMemory('self')).peakMb, 'MB'));
  if (dataDir)
    figures.push(figure(scenario, 'PostgreSQL (all its processes, Pss)', (await postgresMemory(dataDir)).pssMb, 'MB'));
  return figures;
}
