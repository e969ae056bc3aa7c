#!/usr/bin/env node
// List and search benchmark (issue 13): `npm run bench:lists` (builds the server packages first).
//
// On the chain data set of `npm run bench:data` (the kept cluster in
// BENCH_DATA_DIR, default .data/bench-chain), the real server runs as its own
// process (`node apps/api/dist/main.js`) and this process, signed in as the
// benchmarks' administrator, times over HTTP:
//
//   - the FIRST PAGE of every list the web app shows, asked exactly as the web
//     app asks for it (its page size, sort and filters), and the other reads a
//     list page makes as it opens (cards, summaries, the dashboard's reads):
//     BENCH_REQUESTS (default 30) requests one after the other after 3 warm-ups,
//     for all pharmacies (what an administrator sees first) and for one
//     pharmacy (`pharmacyId`) where the endpoint takes one; target p95 <= 100 ms;
//   - product search (GET /api/products/search, what the POS and the scanner
//     ask): English name prefix, Arabic name prefix, generic name, brand, SKU,
//     barcode and a GS1 DataMatrix string (GTIN + expiry + lot of a real batch),
//     ten products drawn from the data with a fixed seed, three rounds after a
//     warm-up round; target p95 <= 10 ms. The server has no Server-Timing header,
//     so the time compared with the target is the server's own search
//     (ProductQueries.search of apps/api/dist, with scanCodes as the controller
//     calls it) run in this process on a pool of its own against the same
//     database: the server's work without HTTP, routing and JSON. The HTTP wall
//     time of the same query is printed next to it.
//
// Prints the machine's load at the start and the end, and the resident memory
// of the server process and of the PostgreSQL cluster after the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn, startApi, waitForCaughtUp } from './lib/api.mjs';
import { fmt, percentiles, pg, readDb, startChainCluster, table } from './lib/util.mjs';
import { prng } from './data/generate.mjs';
import { figure, postgresMemory, processMemory, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ProductQueries } = require(join(root, 'apps/api/dist/catalogue/product.queries.js'));
const { scanCodes } = require(join(root, 'apps/api/dist/catalogue/scan-codes.js'));

export const LIST_TARGET_MS = 100;
export const SEARCH_TARGET_MS = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WARM_UPS = 3;
const SEARCH_SEED = 2026;
const SEARCH_PRODUCTS = 10;
const SEARCH_ROUNDS = 3;
const DAY_MS = 86_400_000;

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every list's first page as the web app asks for it (apps/web/src/features),
 * and the other reads its page makes as it opens. `scoped`: the endpoint takes
 * `pharmacyId`. `n` overrides the number of requests.
 */
function listReads(today) {
  const month = { startDate: isoDay(today - 30 * DAY_MS), endDate: isoDay(today) };
  const page = (size, sort) => ({ ...(sort ? { sort } : {}), limit: size, offset: 0 });
  return [
    // Products
    { name: 'products: first page', path: '/api/products', query: page(50, 'name'), scoped: true },
    // Inventory: overview, batch management (+ its FEFO banner), expiry tracking (+ its cards)
    { name: 'inventory overview', path: '/api/inventory/overview', query: page(50, 'name'), scoped: true },
    { name: 'inventory batches', path: '/api/inventory', query: page(50, 'expiry'), scoped: true },
    {
      name: 'inventory batches: FEFO banner',
      path: '/api/inventory',
      query: { status: 'expired,critical,soon', inStock: 'true', ...page(3, 'expiry') },
      scoped: true,
    },
    {
      name: 'inventory expiry tracking',
      path: '/api/inventory',
      query: { matchLocation: 'true', inStock: 'true', ...page(50, 'expiry') },
      scoped: true,
    },
    {
      name: 'inventory expiry tracking: cards',
      path: '/api/inventory/expiry-summary',
      query: { matchLocation: 'true' },
      scoped: true,
    },
    // Expiry management
    {
      name: 'expiring (30 days)',
      path: '/api/inventory/expiring',
      query: { days: 30, ...page(50, 'expiry') },
      scoped: true,
    },
    { name: 'expiring: cards', path: '/api/inventory/expiring/summary', query: { days: 30 }, scoped: true },
    // Shortages
    { name: 'shortages', path: '/api/inventory/shortages', query: page(50, '-deficit'), scoped: true },
    { name: 'shortages: cards', path: '/api/inventory/shortages/summary', query: {}, scoped: true },
    { name: 'low stock', path: '/api/inventory/low-stock', query: page(50, 'stock'), scoped: true },
    // Transfers
    { name: 'transfers', path: '/api/transfers', query: page(50, '-created'), scoped: true },
    { name: 'transfers: tiles', path: '/api/transfers/summary', query: {}, scoped: true },
    // Reports (sales of the last 30 days)
    { name: 'reports: sales', path: '/api/sales', query: { ...month, ...page(100, '-date') }, scoped: true },
    { name: 'reports: sales summary', path: '/api/reports/sales-summary', query: month, scoped: true },
    // Stock counts, users, audit trail, reference data
    { name: 'stock counts', path: '/api/stock-counts', query: page(50, 'status'), scoped: true },
    { name: 'users', path: '/api/admin/users', query: page(50, 'name'), scoped: false },
    { name: 'audit events', path: '/api/audit/events', query: { limit: 50, lang: 'en' }, scoped: true },
    { name: 'categories', path: '/api/categories', query: {}, scoped: false },
    { name: 'suppliers', path: '/api/suppliers', query: {}, scoped: false },
    { name: 'pharmacies', path: '/api/pharmacies', query: {}, scoped: false },
    // Dashboard
    { name: 'dashboard: products (top 10)', path: '/api/products', query: page(10, 'name'), scoped: true },
    { name: 'dashboard: low-stock count', path: '/api/inventory/low-stock', query: page(1), scoped: true },
    { name: 'dashboard: recent sales', path: '/api/sales', query: { limit: 5 }, scoped: true },
    { name: 'dashboard: today', path: '/api/sales/metrics/daily', query: {}, scoped: true },
    { name: 'dashboard: FEFO', path: '/api/inventory/fefo', query: {}, scoped: true },
    {
      name: 'dashboard: active products count',
      path: '/api/products',
      query: { active: 'true', ...page(1) },
      scoped: false,
    },
    // AI assistant: Quick Stats' counts (the low-stock one is the dashboard's) and the first inventory rows.
    { name: 'assistant: product count', path: '/api/products', query: page(1), scoped: false },
    { name: 'assistant: inventory rows', path: '/api/inventory', query: page(10), scoped: false },
  ];
}

const withQuery = (path, query) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
};

/** One GET, timed from the request to the last byte of the answer. */
async function timedGet(base, cookie, path) {
  const t0 = process.hrtime.bigint();
  const response = await fetch(base + path, { headers: { cookie } });
  const body = await response.text();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 200)}`);
  return { ms, body, total: response.headers.get('x-total-count') };
}

/** `n` timed requests after the warm-ups: percentiles, and the rows, total and size of the last answer. */
async function measure(base, cookie, path, n) {
  for (let i = 0; i < WARM_UPS; i += 1) await timedGet(base, cookie, path);
  const times = [];
  let last = null;
  for (let i = 0; i < n; i += 1) {
    last = await timedGet(base, cookie, path);
    times.push(last.ms);
  }
  const [p50, p95, max] = percentiles(times, [50, 95, 100]);
  const parsed = JSON.parse(last.body);
  return {
    n,
    p50,
    p95,
    max,
    rows: Array.isArray(parsed) ? parsed.length : Array.isArray(parsed?.events) ? parsed.events.length : null,
    total: last.total === null ? null : Number(last.total),
    bytes: Buffer.byteLength(last.body),
  };
}

/**
 * The search texts, by kind: for ten products drawn with a fixed seed, what a
 * user types or scans to find each. The GS1 string is a DataMatrix's content
 * (symbology identifier ]d2, GTIN-14, expiry YYMMDD, lot last) of one of the
 * product's batches. Kinds the data has no values for (brands) are left out.
 */
async function searchQueries(client) {
  const { rows: products } = await client.query(
    `SELECT p.id, p.name, p.name_ar, p.generic_name, p.brand, p.sku, p.barcode,
            (SELECT b.batch_number || ' ' || to_char(b.expiry_date, 'YYMMDD') FROM inventory_batches b
              WHERE b.product_id = p.id ORDER BY b.id LIMIT 1) AS batch
       FROM products p WHERE p.is_active ORDER BY p.sku`,
  );
  const { pick } = prng(SEARCH_SEED);
  const picked = Array.from({ length: SEARCH_PRODUCTS }, () => pick(products));
  const gs1 = (p) => {
    if (!p.batch || !/^\d{8,14}$/.test(p.barcode ?? '')) return null;
    const [lot, expiry] = p.batch.split(' ');
    return `]d201${p.barcode.padStart(14, '0')}17${expiry}10${lot}`;
  };
  const kinds = [
    ['English name prefix', (p) => p.name?.slice(0, 6)],
    ['Arabic name prefix', (p) => p.name_ar?.slice(0, 5)],
    ['generic name', (p) => p.generic_name],
    ['brand', (p) => p.brand],
    ['SKU', (p) => p.sku],
    ['barcode', (p) => p.barcode],
    ['GS1 DataMatrix', gs1],
  ];
  return kinds
    .map(([kind, text]) => ({ kind, texts: picked.map(text).filter(Boolean) }))
    .map((k) => ({ ...k, texts: k.texts.length > 0 ? k.texts : null }));
}

/** Search, by kind and scope: the server's query in this process (compared with the target) and HTTP wall time. */
async function measureSearch(base, cookie, url, client, pharmacyId) {
  const queries = new ProductQueries(readDb.createReadDb(readDb.createPool(url)));
  const results = [];
  try {
    for (const { kind, texts } of await searchQueries(client)) {
      for (const [scopeName, scope] of [
        ['all', 'all'],
        ['one', [pharmacyId]],
      ]) {
        if (!texts) {
          results.push({ kind, scope: scopeName, skipped: 'no such values in the data' });
          continue;
        }
        const inProcess = [];
        const http = [];
        let hits = 0;
        for (let round = 0; round <= SEARCH_ROUNDS; round += 1) {
          for (const text of texts) {
            const t0 = process.hrtime.bigint();
            const { text: needle, codes } = scanCodes(text);
            const found = await queries.search(needle, codes, scope);
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            const query = { q: text, ...(scope === 'all' ? {} : { pharmacyId }) };
            const answer = await timedGet(base, cookie, withQuery('/api/products/search', query));
            if (round === 0) continue; // warm-up
            inProcess.push(ms);
            http.push(answer.ms);
            hits += found.length > 0 ? 1 : 0;
          }
        }
        const [p50, p95, max] = percentiles(inProcess, [50, 95, 100]);
        const [httpP50, httpP95] = percentiles(http, [50, 95]);
        results.push({
          kind,
          scope: scopeName,
          n: inProcess.length,
          example: texts[0],
          found: hits / inProcess.length,
          p50,
          p95,
          max,
          httpP50,
          httpP95,
          target: SEARCH_TARGET_MS,
          met: p95 <= SEARCH_TARGET_MS,
        });
      }
    }
  } finally {
    await queries.db.destroy();
  }
  return results;
}

/**
 * Starts the server on the database at `url`, times every list's first page
 * and product search as an administrator; prints the tables and returns the figures.
 */
export async function lists(url, { log = console.log } = {}) {
  const loadAtStart = loadavg();
  log(`load average at the start: ${fmt.load()} (1, 5, 15 min)`);
  const dir = await mkdtemp(join(tmpdir(), 'bench-lists-'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let api = null;
  try {
    api = await startApi(url, dir);
    await waitForCaughtUp(url, { log });
    const cookie = await signIn(api.base, api.outbox);
    const pharmacies = await fetch(`${api.base}/api/pharmacies`, { headers: { cookie } }).then((r) => r.json());
    const one = [...pharmacies].sort((a, b) => a.name.localeCompare(b.name))[0];
    log(`server at ${api.base}; ${pharmacies.length} pharmacies; one pharmacy: ${one.name}`);

    const listFigures = [];
    for (const read of listReads(Date.now())) {
      const scopes = read.scoped
        ? [
            ['all', {}],
            ['one', { pharmacyId: one.id }],
          ]
        : [['all', {}]];
      for (const [scope, extra] of scopes) {
        const path = withQuery(read.path, { ...read.query, ...extra });
        const figures = await measure(api.base, cookie, path, read.n ?? REQUESTS);
        listFigures.push({
          name: read.name,
          scope,
          path,
          ...figures,
          target: LIST_TARGET_MS,
          met: figures.p95 <= LIST_TARGET_MS,
        });
        log(`  ${read.name} (${scope}): p95 ${fmt.ms(figures.p95)} ms`);
      }
    }
    log(
      '\n' +
        table(
          [
            'list (first page)',
            'scope',
            'n',
            'p50 ms',
            'p95 ms',
            'max ms',
            'rows',
            'total',
            'answer',
            'target',
            'status',
          ],
          listFigures.map((f) => [
            f.name,
            f.scope,
            String(f.n),
            fmt.ms(f.p50),
            fmt.ms(f.p95),
            fmt.ms(f.max),
            f.rows === null ? '-' : fmt.int(f.rows),
            f.total === null ? '-' : fmt.int(f.total),
            `${fmt.num(f.bytes / 1024)} KB`,
            `<= ${LIST_TARGET_MS} ms`,
            f.met ? 'met' : 'NOT MET',
          ]),
        ),
    );
    log("scope: all = every pharmacy (the administrator's first view); one = pharmacyId of one pharmacy.");

    const searchFigures = await measureSearch(api.base, cookie, url, client, one.id);
    log(
      '\n' +
        table(
          [
            'product search',
            'scope',
            'n',
            'found',
            'p50 ms',
            'p95 ms',
            'max ms',
            'HTTP p50',
            'HTTP p95',
            'target',
            'status',
            'e.g.',
          ],
          searchFigures.map((f) =>
            f.skipped
              ? [f.kind, f.scope, '-', '-', '-', '-', '-', '-', '-', '-', 'skipped', f.skipped]
              : [
                  f.kind,
                  f.scope,
                  String(f.n),
                  fmt.pct(f.found * 100),
                  fmt.ms(f.p50),
                  fmt.ms(f.p95),
                  fmt.ms(f.max),
                  fmt.ms(f.httpP50),
                  fmt.ms(f.httpP95),
                  `<= ${SEARCH_TARGET_MS} ms`,
                  f.met ? 'met' : 'NOT MET',
                  JSON.stringify(f.example),
                ],
          ),
        ),
    );
    log(
      "p50/p95/max: the server's search (ProductQueries.search) timed in this process against the same database; " +
        'HTTP: GET /api/products/search wall time. found: queries that found at least one product.',
    );

    const dataDir = (await client.query('SHOW data_directory')).rows[0].data_directory;
    const memory = { api: await processMemory(api.child.pid), postgres: await postgresMemory(dataDir) };
    const loadAtEnd = loadavg();
    log(
      `\nmemory after the run: API process ${fmt.int(memory.api.rssMb)} MB resident (peak ${fmt.int(memory.api.peakMb)} MB); ` +
        `PostgreSQL ${memory.postgres.processes} processes, ${fmt.int(memory.postgres.pssMb)} MB ` +
        '(proportional set size: shared buffers counted once)',
    );
    const slowest = (rows) => rows.reduce((worst, row) => (row.p95 > worst.p95 ? row : worst));
    const measured = searchFigures.filter((f) => !f.skipped);
    const worstList = slowest(listFigures);
    const worstSearch = slowest(measured);
    await writeSummary([
      figure(
        'lists',
        `first pages, slowest p95 (${worstList.name}, ${worstList.scope}); ` +
          `${listFigures.filter((f) => f.met).length} of ${listFigures.length} within target`,
        worstList.p95,
        'ms',
        LIST_TARGET_MS,
      ),
      figure(
        'lists',
        `product search, slowest p95 (${worstSearch.kind}, ${worstSearch.scope}); ` +
          `${measured.filter((f) => f.met).length} of ${measured.length} within target`,
        worstSearch.p95,
        'ms',
        SEARCH_TARGET_MS,
      ),
      figure('lists', 'API process, peak resident', memory.api.peakMb, 'MB'),
      figure('lists', 'PostgreSQL (all its processes, Pss)', memory.postgres.pssMb, 'MB'),
    ]);
    log(`load average at the end: ${fmt.load()} (1, 5, 15 min)`);
    return {
      lists: listFigures,
      search: searchFigures,
      memory,
      load: { start: loadAtStart, end: loadAtEnd },
      targets: { listP95Ms: LIST_TARGET_MS, searchP95Ms: SEARCH_TARGET_MS },
    };
  } finally {
    if (api) {
      const exited = new Promise((done) => api.child.once('exit', done));
      api.child.kill('SIGTERM');
      await exited;
    }
    await client.end();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-chain');
  const cluster = await startChainCluster(dataDir);
  try {
    await lists(cluster.url.replace(/\/postgres$/, '/chain'), { log: (text) => console.log(text) });
  } finally {
    await cluster.stop();
  }
}
