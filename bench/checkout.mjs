#!/usr/bin/env node
// Checkout benchmark (issue 8): `npm run bench:checkout` (builds the server packages first).
//
// A fresh PostgreSQL cluster WITH fsync on; a log holding 10 pharmacies and
// 1,000 products, one pharmacy with 5,000 batches and a 200,000-event stock
// stream (receipts then sales, decided by the real stock decider), the other
// nine with 200 batches each. The real server runs as its own process
// (`node apps/api/dist/main.js`, every projection in it as with `npm start`);
// this process is the tills: signed-in sessions (the real two-step sign-in)
// posting POST /api/sales/complete over HTTP with an Idempotency-Key each,
// timed until the answer (which, since ADR 0020, no longer waits for the read models: the till's
// next reads do).
//
//   1 till on the big pharmacy, then 8 tills on it: latency p50/p95/p99
//   32 tills spread over the 10 pharmacies: sales per second
//
// Options (env): BENCH_SECONDS (per run, default 15), BENCH_EVENTS (size of the
// big stream, default 200000), BENCH_JSON (write a summary to this file), BENCH_RUNS
// (only some runs), BENCH_LOG_LEVEL (the server's, default warn), BENCH_PROFILE (a directory: the server writes a CPU profile
// there), BENCH_PGSTATS=1 (the statements each run sent, per answer).
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { cpuMeter, fmt, percentiles, pg, readDb, sleep, table, watchPostgres } from './lib/util.mjs';
import { restartWithServerStats } from './lib/server-stats.mjs';
import { startApi, signIn } from './lib/api.mjs';
import { figure, memoryFigures, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const domain = require('@pharmacy/domain');
const { PostgresEventStore, migrateEventStore } = require('@pharmacy/event-store');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BIG_STREAM_EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
/** BENCH_RUNS=floor,8 tills: only the runs whose label contains one of these. */
const ONLY = process.env.BENCH_RUNS ? process.env.BENCH_RUNS.split(',').map((word) => word.trim()) : null;
const PRODUCTS = 1000;
const BIG_BATCHES = 5000;
const SMALL_BATCHES = 200;
const PHARMACIES = 10;
const started = Date.now();
const progress = (text) =>
  process.stderr.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`);

const uuid = (n, kind) => `00000000-0000-4000-${kind}-${String(n).padStart(12, '0')}`;
const pharmacyIds = Array.from({ length: PHARMACIES }, (_, i) => uuid(i + 1, '8001'));
const productIds = Array.from({ length: PRODUCTS }, (_, i) => uuid(i + 1, '8002'));
const big = pharmacyIds[0];
const today = new Date().toISOString().slice(0, 10);
const addDays = (days) => domain.addDaysIso(today, days);

function envelope(type, data, at = new Date().toISOString()) {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { userId: null, pharmacyId: null, correlationId: randomUUID(), causationId: null, occurredAt: at },
  };
}

const products = productIds.map((productId, i) => ({
  productId,
  details: {
    sku: `BENCH-${i}`,
    barcode: String(6290000000000 + i),
    name: `Bench product ${i}`,
    nameAr: `منتج ${i}`,
    description: null,
    descriptionAr: null,
    brand: null,
    genericName: null,
    genericNameAr: null,
    categoryId: null,
    supplierId: null,
    salesUnit: i % 2 === 0 ? 'pill' : 'whole',
    unitsPerPackage: i % 2 === 0 ? 10 : 1,
    minStockLevel: 10,
    maxStockLevel: 100000,
    requiresPrescription: false,
  },
  pricing: { price: `${1 + (i % 40)}.${String(i % 100).padStart(2, '0')}`, cost: null },
  commission: { commissionRate: '2.50', commissionEnabled: i % 3 === 0 },
  isActive: true,
}));

function saleLine(product, quantity, salesUnit = 'whole') {
  return {
    productId: product.productId,
    productName: product.details.name,
    productNameAr: product.details.nameAr,
    sku: product.details.sku,
    productSalesUnit: product.details.salesUnit,
    unitsPerPackage: product.details.unitsPerPackage,
    price: product.pricing.price,
    commissionEnabled: product.commission.commissionEnabled,
    commissionRate: product.commission.commissionRate,
    salesUnit,
    quantity,
    batchId: null,
  };
}

/** Receipts, then sales decided by the real decider, appended in chunks with exact expected revisions. */
async function fillStockStream(store, pharmacyId, batches, totalEvents) {
  const kind = `8${pharmacyId.slice(-3)}`;
  const stream = domain.stockStreamId(pharmacyId);
  let state = domain.stockDecider.initialState();
  let revision = -1n;
  let chunk = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const result = await store.append(stream, chunk, revision < 0n ? 'no_stream' : revision);
    revision = result.nextExpectedRevision;
    chunk = [];
  };
  const push = async (event) => {
    state = domain.stockDecider.evolve(state, event);
    chunk.push(envelope(event.type, event.data));
    if (chunk.length >= 1000) await flush();
  };
  for (let b = 0; b < batches; b += 1) {
    const product = products[b % PRODUCTS];
    await push({
      type: 'BatchReceived',
      data: {
        pharmacyId,
        batchId: uuid(b + 1, kind),
        productId: product.productId,
        batchNumber: `LOT-${b}`,
        quantity: 100000,
        purchasePrice: null,
        expiryDate: addDays(60 + (b % 600)),
        receivedDate: addDays(-30),
        supplierId: null,
      },
    });
  }
  for (let n = batches; n < totalEvents; n += 1) {
    const product = products[(n * 7919) % PRODUCTS];
    const lines = [saleLine(product, 1 + (n % 3))];
    if (n % 4 === 0) lines.push(saleLine(products[(n * 104729) % PRODUCTS], 1));
    const [event] = domain.stockDecider.decide(
      {
        type: 'CompleteSale',
        saleId: randomUUID(),
        pharmacyId,
        soldAt: new Date().toISOString(),
        today,
        customerName: null,
        customerPhone: null,
        notes: null,
        cashReceived: '10000.00',
        lines,
      },
      state,
    );
    await push(event);
    if (n % 20000 === 0) progress(`  ${pharmacyId.slice(-4)}: ${n.toLocaleString('en-US')} events`);
  }
  await flush();
}

async function prefill(url) {
  await migrateEventStore(url);
  const store = new PostgresEventStore({ connectionString: url });
  try {
    for (const [i, pharmacyId] of pharmacyIds.entries()) {
      await store.append(
        domain.pharmacyStreamId(pharmacyId),
        [
          envelope('PharmacyRegistered', {
            pharmacyId,
            details: {
              name: `Bench pharmacy ${i + 1}`,
              nameAr: `صيدلية ${i + 1}`,
              address: `${i + 1} Bench Street`,
              addressAr: null,
              phone: null,
              email: null,
              managerId: null,
              isActive: true,
            },
          }),
        ],
        'no_stream',
      );
    }
    for (const product of products) {
      await store.append(
        domain.productStreamId(product.productId),
        [envelope('ProductRegistered', product)],
        'no_stream',
      );
    }
    progress(
      `filling the big stock stream: ${BIG_BATCHES} batches, ${BIG_STREAM_EVENTS.toLocaleString('en-US')} events`,
    );
    await fillStockStream(store, big, BIG_BATCHES, BIG_STREAM_EVENTS);
    for (const pharmacyId of pharmacyIds.slice(1))
      await fillStockStream(store, pharmacyId, SMALL_BATCHES, SMALL_BATCHES);
    return Number((await store.headPosition()).commit);
  } finally {
    await store.close();
  }
}

/** Waits until every projection has reached the head of the log (the server catches up at start). */
async function caughtUp(db, head) {
  const names = ['pharmacies', 'catalogue', 'inventory', 'sales', 'history'];
  for (;;) {
    const { rows } = await db.query('SELECT name, commit_position FROM projection_checkpoints');
    const low = names.map((name) => Number(rows.find((r) => r.name === name)?.commit_position ?? 0));
    const min = Math.min(...low);
    if (min >= head) return;
    progress(`  read models at ${min.toLocaleString('en-US')} of ${head.toLocaleString('en-US')} events`);
    await sleep(5000);
  }
}

/** One till's next sale: one or two products, one unit each, a fresh Idempotency-Key. */
function saleRequest(base, { cookie, pharmacyId }, t, n) {
  const batchOffset = pharmacyId === big ? BIG_BATCHES : SMALL_BATCHES;
  const product = products[(t * 131 + n * 17) % Math.min(PRODUCTS, batchOffset)];
  const items = [{ productId: product.productId, quantity: 1, salesUnit: 'whole' }];
  if (n % 3 === 0)
    items.push({ productId: products[(t * 7 + n * 29) % Math.min(PRODUCTS, batchOffset)].productId, quantity: 1 });
  return fetch(`${base}/api/sales/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ cashReceived: '500.00', items }),
  });
}

/** The floor: the cheapest signed-in request (who am I), through the same server, session and middleware. */
function whoAmIRequest(base, { cookie }) {
  return fetch(`${base}/api/auth/user`, { headers: { cookie } });
}

/** Runs `tills` concurrent clients for SECONDS: each sends a request, waits for the answer, sends the next. */
async function run(base, tills, request = saleRequest) {
  const latencies = [];
  let errors = 0;
  let stale = 0;
  const firstError = [];
  const deadline = Date.now() + SECONDS * 1000;
  const meter = cpuMeter();
  await Promise.all(
    tills.map(async ({ cookie, pharmacyId }, t) => {
      let n = 0;
      while (Date.now() < deadline) {
        n += 1;
        const begin = performance.now();
        const response = await request(base, { cookie, pharmacyId }, t, n);
        await response.arrayBuffer();
        const ms = performance.now() - begin;
        if (response.ok) {
          latencies.push(ms);
          if (response.headers.get('x-read-models') === 'stale') stale += 1;
        } else {
          errors += 1;
          if (firstError.length === 0) firstError.push(`${response.status}`);
        }
      }
    }),
  );
  const cpu = meter();
  const [p50, p95, p99] = percentiles(latencies, [50, 95, 99]);
  return {
    sales: latencies.length,
    perSecond: latencies.length / (cpu.wallMs / 1000),
    p50,
    p95,
    p99,
    errors,
    stale,
    cpu,
    firstError,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'checkout-bench-'));
await chmod(dir, 0o755);
let cluster = null;
let api = null;
const cleanup = async () => {
  if (api) {
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    api.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  }
  await cluster?.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

try {
  progress('starting a fresh PostgreSQL cluster (fsync on)');
  cluster = await readDb.startLocalPostgres({ dataDir: join(dir, 'pg'), ephemeral: false });
  // BENCH_PGSTATS=1: pg_stat_statements, and the statements of each run per sale.
  const pgStats = process.env.BENCH_PGSTATS === '1';
  if (pgStats) cluster = await restartWithServerStats(cluster);
  watchPostgres(cluster.dataDir);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE checkout');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/checkout');
  const t0 = Date.now();
  const head = await prefill(url);
  progress(`log written: ${head.toLocaleString('en-US')} events in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops.
  const nodeArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  api = await startApi(url, dir, {
    nodeArgs,
    env: {
      SIGNIN_LIMIT_PER_IP: '1000000',
      SIGNIN_CODES_PER_EMAIL: '1000000',
      // BENCH_LOG_LEVEL=info: the server logs a line per request, as in production (default warn).
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
  });
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => undefined);
  await db.connect();
  const t1 = Date.now();
  await caughtUp(db, head);
  const catchUpSeconds = (Date.now() - t1) / 1000;
  progress(`server started and its read models caught up in ${catchUpSeconds.toFixed(0)} s`);
  if (pgStats) {
    // What the catch-up spent its database time on (the statistics started with the server).
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const { rows } = await db.query(
      `SELECT calls, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
       WHERE query !~* 'pg_stat' ORDER BY total_exec_time DESC LIMIT 15`,
    );
    console.log(`\ncatch-up of ${head.toLocaleString('en-US')} events: statements by total time`);
    for (const r of rows) {
      console.log(
        `${String(r.calls).padStart(8)} calls ${(r.ms / 1000).toFixed(2).padStart(7)} s  ${r.query.slice(0, 150)}`,
      );
    }
  }

  // One at a time: a new sign-in code for an account replaces the one before it.
  const sessions = async (n, pick) => {
    const made = [];
    for (let i = 0; i < n; i += 1)
      made.push({ pharmacyId: pick(i), cookie: await signIn(api.base, api.outbox, pick(i)) });
    return made;
  };
  // Warm up (JIT, connection pools, the big stream's state loaded into memory) before measuring.
  const warm = await sessions(2, () => big);
  for (const id of pharmacyIds) warm.push({ pharmacyId: id, cookie: await signIn(api.base, api.outbox, id) });
  const savedSeconds = SECONDS;
  await run(api.base, warm);

  const results = [];
  for (const [label, tills, request] of [
    ['1 till, big pharmacy', await sessions(1, () => big)],
    ['8 tills, big pharmacy', await sessions(8, () => big)],
    ['32 tills, 10 pharmacies', await sessions(32, (i) => pharmacyIds[i % PHARMACIES])],
    ['floor: 8 clients, GET /api/auth/user', await sessions(8, () => big), whoAmIRequest],
  ]) {
    if (ONLY && !ONLY.some((word) => label.includes(word))) continue;
    progress(`measuring: ${label} (${savedSeconds} s)`);
    if (pgStats) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
    const result = await run(api.base, tills, request);
    results.push({ label, tills: tills.length, ...result });
    if (pgStats) {
      const { rows } = await db.query(
        `SELECT calls, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
         WHERE query !~* 'pg_stat' ORDER BY calls DESC LIMIT 25`,
      );
      console.log(`\n${label}: statements per sale (${result.sales} sales)`);
      for (const r of rows) {
        console.log(
          `${(r.calls / result.sales).toFixed(2).padStart(7)} ${(r.ms / r.calls).toFixed(3).padStart(8)} ms  ${r.query.slice(0, 150)}`,
        );
      }
    }
  }
  await db.end();

  console.log(
    `\nCheckout over HTTP (${cpus().length} cores; fsync on; big stock stream ${BIG_STREAM_EVENTS.toLocaleString('en-US')} events, ${BIG_BATCHES} batches; ${SECONDS} s per run)\n`,
  );
  console.log(
    table(
      [
        'run',
        'clients',
        'answers',
        'per s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'errors',
        'stale',
        'server CPU',
        'pg CPU',
        'tills CPU',
        'CPU ms/answer (server+pg+tills)',
      ],
      results.map((r) => [
        r.label,
        String(r.tills),
        fmt.int(r.sales),
        fmt.int(r.perSecond),
        fmt.ms(r.p50),
        fmt.ms(r.p95),
        fmt.ms(r.p99),
        String(r.errors),
        String(r.stale),
        fmt.pct(r.cpu.otherPct),
        fmt.pct(r.cpu.pgPct),
        fmt.pct(r.cpu.nodePct),
        [r.cpu.otherPct, r.cpu.pgPct, r.cpu.nodePct].map((pct) => fmt.num((pct * 10) / r.perSecond, 2)).join(' + '),
      ]),
    ),
  );
  console.log('The floor is what any signed-in request costs here (HTTP, session, user, middleware), before any work.');
  console.log(
    `Read models caught up with the ${head.toLocaleString('en-US')}-event log at start in ${catchUpSeconds.toFixed(0)} s.`,
  );
  printTargets(results, head, catchUpSeconds);
  if (process.env.BENCH_JSON)
    await writeFile(process.env.BENCH_JSON, JSON.stringify({ results, catchUpSeconds }, null, 2));
  const byLabel = (label) => results.find((r) => r.label === label);
  const oneShop = byLabel('8 tills, big pharmacy');
  const chain = byLabel('32 tills, 10 pharmacies');
  await writeSummary([
    ...(oneShop ? [figure('checkout', 'p95, 8 tills on one pharmacy', oneShop.p95, 'ms', 15)] : []),
    ...(chain ? [figure('checkout', 'sales/s, 32 tills over 10 pharmacies', chain.perSecond, '/s', 1000, true)] : []),
    ...(await memoryFigures('checkout', { apiPid: api.child.pid, dataDir: cluster.dataDir })),
  ]);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}

/**
 * Issue 31's targets for this benchmark, beside where the issue started (the
 * quiet run of c972cfe, docs/benchmarks.md) and this run. The 8- and 32-till
 * throughput targets are relative to the floor measured in the same run.
 */
function printTargets(results, head, catchUpSeconds) {
  const byLabel = (label) => results.find((r) => r.label === label);
  const one = byLabel('1 till, big pharmacy');
  const shop = byLabel('8 tills, big pharmacy');
  const chain = byLabel('32 tills, 10 pharmacies');
  const floor = byLabel('floor: 8 clients, GET /api/auth/user');
  const catchUp = head / catchUpSeconds;
  const rows = [
    [
      '1 till, p50 / p95',
      '15.65 / 21.73 ms',
      one ? `${fmt.ms(one.p50)} / ${fmt.ms(one.p95)} ms` : 'not run',
      '≤ 5 / ≤ 10 ms',
      one ? one.p50 <= 5 && one.p95 <= 10 : null,
    ],
    [
      '8 tills on one pharmacy, p95; sales/s',
      '61.85 ms; 166/s',
      shop ? `${fmt.ms(shop.p95)} ms; ${fmt.int(shop.perSecond)}/s` : 'not run',
      floor ? `≤ 15 ms; ≥ ${fmt.int(0.8 * floor.perSecond)}/s (0.8 × floor)` : '≤ 15 ms; ≥ 0.8 × floor',
      shop && floor ? shop.p95 <= 15 && shop.perSecond >= 0.8 * floor.perSecond : null,
    ],
    [
      '32 tills over 10 pharmacies, sales/s',
      '300/s',
      chain ? `${fmt.int(chain.perSecond)}/s` : 'not run',
      '≥ 1,000/s, or ≥ 0.8 × floor with floor ≥ 2,000/s',
      chain
        ? chain.perSecond >= 1000 ||
          (floor !== undefined && floor.perSecond >= 2000 && chain.perSecond >= 0.8 * floor.perSecond)
        : null,
    ],
    [
      'floor, answers/s',
      '879/s',
      floor ? `${fmt.int(floor.perSecond)}/s` : 'not run',
      '(measured beside the others)',
      null,
    ],
    [
      'catch-up of the projector at start',
      '2,028 events/s (100 s)',
      `${fmt.int(catchUp)} events/s (${catchUpSeconds.toFixed(0)} s)`,
      '≥ 10,000 events/s',
      catchUp >= 10_000,
    ],
  ];
  console.log('\nIssue 31 targets (start: c972cfe on a quiet machine; now: this run)');
  console.log(
    table(
      ['figure', 'start of issue 31', 'now', 'target', 'status'],
      rows.map(([name, before, now, target, met]) => [
        name,
        before,
        now,
        target,
        met === null ? '' : met ? 'met' : 'not met',
      ]),
    ),
  );
}
