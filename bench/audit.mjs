#!/usr/bin/env node
// Audit and report benchmark (issue 11): `npm run bench:audit` (builds the server packages first).
//
// A fresh PostgreSQL cluster WITH fsync on, and the read models of a 50-pharmacy
// chain over two years written in bulk by SQL in the shape the projections
// write them (the log itself is not generated here: `npm run bench:data` of the
// scale issue will write the events and let the projections build these rows):
//
//   stock_ledger        1,000,000 movements of one pharmacy (5,000 batches), and
//                       BENCH_OTHER_MOVEMENTS (default 40,000) for each of the other 49
//   stock_ledger_months (the ledger's monthly roll-up)
//   sales, commission_lines, daily_sales, product_daily_sales, product_sales_totals,
//   product_sales_chain  two years of sales
//   products 20,000, inventory_batches 29,500, pharmacies 50
//
// The real server runs as its own process (`node apps/api/dist/main.js`); this
// process signs in as an administrator and times, over HTTP:
//   - stock on hand as of an instant for the 1,000,000-movement pharmacy (target <= 1 s)
//   - a 30-day period report for each of the 50 pharmacies, one after the other (target <= 2 s in all)
//   - the report endpoints, p95 (target <= 300 ms)
//
// Options (env): BENCH_REQUESTS (per endpoint, default 30), BENCH_OTHER_MOVEMENTS.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startApi, signIn } from './lib/api.mjs';
import { fmt, percentiles, pg, readDb, sleep, table } from './lib/util.mjs';
import { figure, memoryFigures, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const { migrateEventStore } = require('@pharmacy/event-store');
const { allProjections } = require('@pharmacy/projections');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const OTHER_MOVEMENTS = Number(process.env.BENCH_OTHER_MOVEMENTS ?? 40_000);
const BIG_MOVEMENTS = 1_000_000;
const PHARMACIES = 50;
const PRODUCTS = 20_000;
const BIG_BATCHES = 5_000;
const OTHER_BATCHES = 500;
const DAYS = 730;
const started = Date.now();
const progress = (text) =>
  process.stderr.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`);
const pharmacyId = (n) => `00000000-0000-4000-9001-${String(n).padStart(12, '0')}`;
const BIG = pharmacyId(1);
const DAY_MS = 86_400_000;
const end = new Date();
const start = new Date(end.getTime() - DAYS * DAY_MS);
const isoDay = (date) => date.toISOString().slice(0, 10);

/** The read models, in bulk: every row in the shape its projection writes. */
async function load(db) {
  const timed = async (label, text, params = []) => {
    const t0 = Date.now();
    const result = await db.query(text, params);
    progress(`${label}: ${fmt.int(result.rowCount ?? 0)} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  // Every projection is at the head of an (empty) log, at its own version: the server rebuilds nothing.
  for (const p of allProjections) {
    await db.query(
      `INSERT INTO projection_checkpoints (name, commit_position, prepare_position, projection_version, updated_at)
       VALUES ($1, 0, 0, $2, now())`,
      [p.name, p.version],
    );
  }
  await timed(
    'pharmacies',
    `INSERT INTO pharmacies (id, name, name_ar, address, is_active, created_at, updated_at, revision)
     SELECT ('00000000-0000-4000-9001-' || lpad(n::text, 12, '0'))::uuid, 'Branch ' || n, 'فرع ' || n,
            n || ' Main Street', true, now(), now(), 0
       FROM generate_series(1, ${PHARMACIES}) n`,
  );
  await timed(
    'products',
    `INSERT INTO products (id, sku, barcode, name, name_ar, price, cost, sales_unit, units_per_package,
                           commission_rate, commission_enabled, min_stock_level, max_stock_level,
                           requires_prescription, is_active, search_text, created_at, updated_at)
     SELECT ('00000000-0000-4000-9002-' || lpad(n::text, 12, '0'))::uuid, 'SKU-' || n, (6290000000000 + n)::text,
            'Product ' || n, 'منتج ' || n, (1 + n % 50)::numeric(10,2), (0.5 + n % 40)::numeric(10,2), 'whole', 1,
            2.50, n % 3 = 0, 10, 1000, false, true, 'product ' || n, now(), now()
       FROM generate_series(1, ${PRODUCTS}) n`,
  );
  // Batches: pharmacy 1 has 5,000; the others 500 each. Batch k of pharmacy p holds product (k * 7 + p) % PRODUCTS.
  await timed(
    'inventory_batches',
    `INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, purchase_price, expiry_date,
                                    received_date, is_active, created_at, updated_at)
     SELECT ('00000000-0000-4000-' || lpad(p::text, 4, '0') || '-' || lpad(k::text, 12, '0'))::uuid,
            ('00000000-0000-4000-9002-' || lpad((1 + (k * 7 + p) % ${PRODUCTS})::text, 12, '0'))::uuid,
            ('00000000-0000-4000-9001-' || lpad(p::text, 12, '0'))::uuid,
            'LOT-' || p || '-' || k, 20 + k % 200, (0.5 + k % 40)::numeric(10,2),
            current_date + ((k * 13) % 720 - 60), current_date - (k % 700), true, now(), now()
       FROM generate_series(1, ${PHARMACIES}) p
       CROSS JOIN LATERAL generate_series(1, CASE WHEN p = 1 THEN ${BIG_BATCHES} ELSE ${OTHER_BATCHES} END) k`,
  );
  // The ledger: per pharmacy, movements spread evenly over two years; the first movement of each batch
  // is its receipt of 1,000 packs, later ones sales of 1 to 3 packs, every 50th an adjustment.
  await timed(
    'stock_ledger',
    `INSERT INTO stock_ledger (position, seq, pharmacy_id, batch_id, product_id, movement, quantity_change,
                               loose_change, reserved_change, balance, loose_balance, occurred_at, recorded_at,
                               user_id, event_id, event_type, reference)
     SELECT p::bigint * 10000000 + i, 0,
            ('00000000-0000-4000-9001-' || lpad(p::text, 12, '0'))::uuid,
            ('00000000-0000-4000-' || lpad(p::text, 4, '0') || '-' || lpad(k::text, 12, '0'))::uuid,
            ('00000000-0000-4000-9002-' || lpad((1 + (k * 7 + p) % ${PRODUCTS})::text, 12, '0'))::uuid,
            CASE WHEN i <= nb THEN 'received' WHEN i % 50 = 0 THEN 'adjusted' ELSE 'sold' END,
            CASE WHEN i <= nb THEN 1000 WHEN i % 50 = 0 THEN 2 ELSE -(1 + i % 3) END,
            0, 0, 0, 0,
            $1::timestamptz + (i::double precision / total) * interval '${DAYS} days',
            $1::timestamptz + (i::double precision / total) * interval '${DAYS} days',
            NULL, md5(p || ':' || i)::uuid,
            CASE WHEN i <= nb THEN 'BatchReceived' WHEN i % 50 = 0 THEN 'StockAdjusted' ELSE 'SaleCompleted' END,
            NULL
       FROM generate_series(1, ${PHARMACIES}) p
       CROSS JOIN LATERAL (SELECT CASE WHEN p = 1 THEN ${BIG_MOVEMENTS} ELSE ${OTHER_MOVEMENTS} END AS total,
                                  CASE WHEN p = 1 THEN ${BIG_BATCHES} ELSE ${OTHER_BATCHES} END AS nb) s
       CROSS JOIN LATERAL generate_series(1, s.total) i
       CROSS JOIN LATERAL (SELECT 1 + (i - 1) % s.nb AS k) b`,
    [start.toISOString()],
  );
  await timed(
    'stock_ledger_months',
    `INSERT INTO stock_ledger_months (batch_id, month, pharmacy_id, product_id, quantity_change, loose_change)
     SELECT batch_id, date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date, pharmacy_id, product_id,
            sum(quantity_change), sum(loose_change)
       FROM stock_ledger GROUP BY 1, 2, 3, 4`,
  );
  // Sales: 40 a day at each pharmacy for two years, one line each; a third earn a commission.
  await timed(
    'sales',
    `INSERT INTO sales (id, pharmacy_id, user_id, sold_at, sold_on, total_amount, cash_received, change_given,
                        item_count, position)
     SELECT md5('sale' || p || ':' || d || ':' || s)::uuid, ('00000000-0000-4000-9001-' || lpad(p::text, 12, '0'))::uuid,
            NULL, $1::timestamptz + d * interval '1 day' + s * interval '15 minutes',
            ($1::timestamptz + d * interval '1 day')::date, (2 + (s + d) % 40)::numeric(12,2),
            50, (48 - (s + d) % 40)::numeric(12,2), 1, p::bigint * 10000000 + d * 100 + s
       FROM generate_series(1, ${PHARMACIES}) p, generate_series(0, ${DAYS - 1}) d, generate_series(1, 40) s`,
    [start.toISOString()],
  );
  await timed(
    'commission_lines',
    `INSERT INTO commission_lines (sale_id, line_index, pharmacy_id, user_id, product_id, product_name, product_sku,
                                   sold_at, sold_on, quantity, sales_unit, total_price, commission_rate, commission_amount)
     SELECT s.id, 0, s.pharmacy_id, NULL,
            ('00000000-0000-4000-9002-' || lpad((1 + abs(hashtext(s.id::text)) % ${PRODUCTS})::text, 12, '0'))::uuid,
            'Product', 'SKU', s.sold_at, s.sold_on, 1, 'whole', s.total_amount, 2.50, round(s.total_amount * 0.025, 2)
       FROM sales s WHERE abs(hashtext(s.id::text)) % 3 = 0`,
  );
  await timed(
    'daily_sales',
    `INSERT INTO daily_sales (pharmacy_id, business_date, gross_sales, refunds, orders)
     SELECT pharmacy_id, sold_on, sum(total_amount), 0, count(*) FROM sales GROUP BY pharmacy_id, sold_on`,
  );
  await timed(
    'product_daily_sales',
    `INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
     SELECT pharmacy_id, sold_on,
            ('00000000-0000-4000-9002-' || lpad((1 + abs(hashtext(id::text)) % ${PRODUCTS})::text, 12, '0'))::uuid,
            sum(item_count), sum(total_amount)
       FROM sales GROUP BY 1, 2, 3`,
  );
  await timed(
    'product_sales_totals',
    `INSERT INTO product_sales_totals (pharmacy_id, product_id, quantity, revenue)
     SELECT pharmacy_id, product_id, sum(quantity), sum(revenue) FROM product_daily_sales GROUP BY 1, 2`,
  );
  await timed(
    'product_sales_chain',
    `INSERT INTO product_sales_chain (product_id, quantity, revenue)
     SELECT product_id, sum(quantity), sum(revenue) FROM product_sales_totals GROUP BY 1`,
  );
  const t0 = Date.now();
  await db.query('VACUUM ANALYZE');
  progress(`VACUUM ANALYZE in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Times `n` requests of `path(i)` one after the other; returns latencies (ms) and the last body's size. */
async function timeRequests(base, cookie, n, path) {
  const latencies = [];
  let bytes = 0;
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path(i)}`, { headers: { cookie } });
    const body = await response.text();
    latencies.push(performance.now() - t0);
    if (!response.ok) throw new Error(`${path(i)} answered ${response.status}: ${body.slice(0, 300)}`);
    bytes = body.length;
  }
  return { latencies, bytes };
}

const dir = await mkdtemp(join(tmpdir(), 'audit-bench-'));
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
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE audit');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/audit');
  await migrateEventStore(url);
  await readDb.migrateDatabase(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const t0 = Date.now();
  await load(db);
  const ledgerRows = Number((await db.query('SELECT count(*) FROM stock_ledger')).rows[0].count);
  progress(`read models written in ${((Date.now() - t0) / 1000).toFixed(0)} s (${fmt.int(ledgerRows)} ledger rows)`);

  api = await startApi(url, dir);
  const cookie = await signIn(api.base, api.outbox);
  progress('server started, signed in');

  const rows = [];
  const record = (label, target, { latencies, bytes }, total = null) => {
    const [p50, p95, max] = percentiles(latencies, [50, 95, 100]);
    rows.push([
      label,
      String(latencies.length),
      fmt.ms(p50),
      fmt.ms(p95),
      fmt.ms(max),
      total === null ? '' : fmt.ms(total),
      `${Math.round(bytes / 1024)} KB`,
      target,
    ]);
    return { p95, total };
  };
  const q = (params) => new URLSearchParams(params).toString();
  const instant = (daysAgo) => new Date(end.getTime() - daysAgo * DAY_MS).toISOString();
  const day = (daysAgo) => isoDay(new Date(end.getTime() - daysAgo * DAY_MS));

  // Warm-up: the first query of a kind plans and reads its pages from disk.
  await timeRequests(api.base, cookie, 2, () => `/api/audit/stock-on-hand?${q({ pharmacyId: BIG, asOf: instant(1) })}`);

  const asOf = record(
    'stock on hand as of (1,000,000 movements)',
    '<= 1 s',
    await timeRequests(
      api.base,
      cookie,
      REQUESTS,
      (i) => `/api/audit/stock-on-hand?${q({ pharmacyId: BIG, asOf: instant((i * 23) % DAYS) })}`,
    ),
  );
  const period = { from: instant(30), to: instant(0) };
  const chain = await timeRequests(
    api.base,
    cookie,
    PHARMACIES,
    (i) => `/api/audit/period-report?${q({ pharmacyId: pharmacyId(i + 1), ...period })}`,
  );
  const periodReport = record(
    '30-day period report, 50 pharmacies',
    '<= 2 s in all',
    chain,
    chain.latencies.reduce((a, b) => a + b, 0),
  );
  const last30 = { startDate: day(30), endDate: day(0) };
  const endpoints = [
    ['sales summary, all pharmacies, 30 days', () => `/api/reports/sales-summary?${q(last30)}`],
    ['sales summary, all pharmacies, all time', () => '/api/reports/sales-summary'],
    [
      'sales summary, one pharmacy, 30 days',
      (i) => `/api/reports/sales-summary?${q({ ...last30, pharmacyId: pharmacyId(1 + (i % PHARMACIES)) })}`,
    ],
    ['stock summary, all pharmacies', () => '/api/reports/stock-summary'],
    ['sales list (limit 100), 30 days', () => `/api/sales?${q({ ...last30, limit: '100' })}`],
    [
      'commission report, one pharmacy, 30 days',
      (i) => `/api/sales/commission-report?${q({ ...last30, pharmacyId: pharmacyId(1 + (i % PHARMACIES)) })}`,
    ],
    [
      'commission report, all pharmacies, today',
      () => `/api/sales/commission-report?${q({ startDate: day(0), endDate: day(0) })}`,
    ],
    ['inventory report rows, one pharmacy', (i) => `/api/inventory?${q({ pharmacyId: pharmacyId(2 + (i % 10)) })}`],
  ];
  let slowest = { label: '', p95: 0 };
  for (const [label, path] of endpoints) {
    await timeRequests(api.base, cookie, 1, path);
    const { p95 } = record(label, 'p95 <= 300 ms', await timeRequests(api.base, cookie, REQUESTS, path));
    if (p95 > slowest.p95) slowest = { label, p95 };
  }
  await writeSummary([
    figure('audit', 'stock on hand as of an instant, p95 (1,000,000 movements)', asOf.p95, 'ms', 1000),
    figure('audit', '30-day period report, 50 pharmacies in all', periodReport.total, 'ms', 2000),
    figure('audit', `report endpoints, slowest p95 (${slowest.label})`, slowest.p95, 'ms', 300),
    ...(await memoryFigures('audit', { apiPid: api.child.pid, dataDir: cluster.dataDir })),
  ]);

  console.log(
    `\nAudit and report benchmark — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ' ',
      )}, ${fmt.int(ledgerRows)} ledger rows (${fmt.int(BIG_MOVEMENTS)} at one pharmacy), ${PHARMACIES} pharmacies, ${DAYS} days\n`,
  );
  console.log(table(['request', 'n', 'p50', 'p95', 'max', 'total', 'answer', 'target'], rows));
  await db.end();
} finally {
  await cleanup();
}
