// Small helpers shared by the benchmark scenarios (no dependencies).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The compiled workspace packages (CommonJS; `npm run build:server` emits them). */
export const eventStore = require('@pharmacy/event-store');
export const readDb = require('@pharmacy/read-db');
export const pg = require('pg');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A realistic small event: ~150 bytes of data, ~200 bytes of metadata. */
export function makeEvent(type, i) {
  return {
    id: randomUUID(),
    type,
    data: { sku: `SKU-${i % 5000}`, quantity: (i % 7) + 1, lot: `L${i % 97}`, note: 'benchmark event payload' },
    metadata: {
      userId: '00000000-0000-4000-8000-000000000001',
      pharmacyId: '00000000-0000-4000-8000-000000000002',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

/** Percentile (0..100) of an unsorted array of numbers; sorts a copy. */
export function percentiles(values, ps) {
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)],
  );
}

/** Whole-machine CPU counters from /proc/stat, in jiffies (busy excludes idle and iowait). */
export function machineCpu() {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const n = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

let postmasterPid = null;
/** Tells the meters which postmaster to account for (its pid, from postmaster.pid). */
export function watchPostgres(dataDir) {
  try {
    postmasterPid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    postmasterPid = null;
  }
}

/** CPU jiffies used by the cluster: the postmaster (with its reaped children) and its live children. */
function postgresCpu() {
  if (!postmasterPid) return NaN;
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    if (pid === postmasterPid) total += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (Number(f[1]) === postmasterPid) total += Number(f[11]) + Number(f[12]);
  }
  return total;
}

/**
 * Measures a section: wall time and CPU, in % of one core, of this process
 * (node), of the PostgreSQL cluster (pg) and of everything else on the
 * machine (other: e.g. other jobs sharing the cores, which disturb the figures).
 */
export function cpuMeter() {
  const t0 = process.hrtime.bigint();
  const p0 = process.cpuUsage();
  const m0 = machineCpu();
  const g0 = postgresCpu();
  return () => {
    const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const p = process.cpuUsage(p0);
    const m1 = machineCpu();
    const g1 = postgresCpu();
    const nodePct = ((p.user + p.system) / 1000 / wallMs) * 100;
    const hz = 100; // USER_HZ
    const machinePct = m0 && m1 ? ((m1.busy - m0.busy) / hz / (wallMs / 1000)) * 100 : NaN;
    const pgPct = ((g1 - g0) / hz / (wallMs / 1000)) * 100;
    const otherPct = Math.max(0, machinePct - nodePct - pgPct);
    return { wallMs, nodePct, pgPct, otherPct, machinePct };
  };
}

/**
 * Waits (up to maxWaitMs) until the machine is quiet: CPU used by other
 * processes (not this one, not our cluster) under `threshold` % of one core.
 * Returns the CPU they used in the last window.
 */
export async function waitForQuiet({ maxWaitMs = 8000, threshold = 25, windowMs = 500 } = {}) {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const meter = cpuMeter();
    await sleep(windowMs);
    const { otherPct } = meter();
    if (otherPct < threshold || Date.now() >= deadline) return otherPct;
  }
}

export const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  pct: (n) => (Number.isFinite(n) ? `${Math.round(n)}%` : '-'),
  num: (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-'),
  /** The machine's load averages over 1, 5 and 15 minutes. */
  load: () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
};

/** Renders rows (arrays of strings) as an aligned text table with a header rule. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The chain data set's PostgreSQL, configured as a database server on this
 * machine would be (24 GiB, durable): a quarter of the memory for its buffers,
 * room for the WAL between checkpoints of a bulk load, memory to build indexes.
 * PostgreSQL's defaults (128 MB of buffers, a checkpoint per GiB of WAL) are
 * sized for a laptop sharing its memory. Recorded in docs/benchmarks.md.
 */
export const chainServerSettings = {
  shared_buffers: '4GB',
  max_wal_size: '16GB',
  checkpoint_timeout: '30min',
  maintenance_work_mem: '1GB',
  work_mem: '64MB',
};

/** Starts (or reuses) the kept chain cluster with `chainServerSettings` (and `extra` settings, e.g. to profile). */
export function startChainCluster(dataDir, extra = {}) {
  return readDb.startLocalPostgres({ dataDir, ephemeral: false, settings: { ...chainServerSettings, ...extra } });
}
