#!/usr/bin/env node
// First load of the web app (issue 13): `npm run bench:web` (builds the server and the web app first).
//
// The real server (apps/api/dist/main.js) on a throwaway PostgreSQL cluster, and
// Debian's Chromium driven by Playwright with an empty cache. Counts the
// JavaScript and CSS a browser downloads:
//   - for the sign-in page, signed out;
//   - for the shell (the dashboard), signed in, in a fresh browser;
// each file as sent and gzipped (level 6, what a compressing proxy or the
// server sends), next to the target: <= 250 KB gzipped JS + CSS for each.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ADMIN, signIn, startApi } from './lib/api.mjs';
import { fmt, pg, readDb, table } from './lib/util.mjs';
import { figure, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { migrateEventStore } = require('@pharmacy/event-store');

const TARGET_KB = 250;
const progress = (text) => console.log(`[bench:web] ${text}`);

/** JS and CSS responses of one page load in a fresh browser context. */
async function load(browser, url, ready, cookie = null, base = null) {
  const context = await browser.newContext();
  if (cookie) {
    const at = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: base }]);
  }
  const page = await context.newPage();
  const files = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => null);
    if (body)
      files.push({ url: new URL(response.url()).pathname, type, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  try {
    await ready(page);
  } catch (error) {
    await page.screenshot({ path: join(tmpdir(), 'bench-web-failed.png') });
    throw error;
  }
  await context.close();
  return files;
}

const dir = await mkdtemp(join(tmpdir(), 'bench-web-'));
// PostgreSQL runs as its own user when this runs as root: it must reach the folder.
await chmod(dir, 0o755);
let cluster = null;
let api = null;
let browser = null;
try {
  cluster = await readDb.startLocalPostgres({ dataDir: join(dir, 'pg'), ephemeral: true });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE web');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/web');
  await migrateEventStore(url);
  await readDb.migrateDatabase(url);
  api = await startApi(url, dir);
  const cookie = await signIn(api.base, api.outbox);
  const created = await fetch(`${api.base}/api/pharmacies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: api.base },
    body: JSON.stringify({ name: 'Bench Pharmacy', address: '1 Bench Street' }),
  }).then((r) => r.json());
  await fetch(`${api.base}/api/auth/user/pharmacy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: api.base },
    body: JSON.stringify({ pharmacyId: created.id }),
  });
  progress(`server started at ${api.base}, signed in as ${BENCH_ADMIN.email}`);

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const signInPage = await load(browser, `${api.base}/login`, (page) =>
    page.getByRole('textbox', { name: 'Email Address' }).waitFor(),
  );
  const shell = await load(
    browser,
    `${api.base}/`,
    (page) => page.getByRole('navigation').first().waitFor(),
    cookie,
    api.base,
  );

  const rows = [];
  const figures = [];
  for (const [label, files] of [
    ['sign-in page', signInPage],
    ['shell (dashboard)', shell],
  ]) {
    const sum = (key, type) => files.filter((f) => !type || f.type === type).reduce((n, f) => n + f[key], 0);
    const gzipKb = sum('gzip') / 1024;
    rows.push([
      label,
      String(files.length),
      `${fmt.int(Math.round(sum('raw', 'script') / 1024))} KB`,
      `${fmt.int(Math.round(sum('raw', 'stylesheet') / 1024))} KB`,
      `${gzipKb.toFixed(0)} KB`,
      `<= ${TARGET_KB} KB`,
      gzipKb <= TARGET_KB ? 'met' : 'not met',
    ]);
    figures.push(figure('web', `first load of the ${label}, JS + CSS gzipped`, gzipKb, 'KB', TARGET_KB));
  }
  console.log(table(['load', 'files', 'JS as sent', 'CSS as sent', 'JS + CSS gzipped', 'target', 'status'], rows));
  // BENCH_WEB_LARGEST: how many of each load's largest files to list (default 5).
  for (const [label, files] of [
    ['sign-in page', signInPage],
    ['shell', shell],
  ]) {
    const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BENCH_WEB_LARGEST ?? 5));
    console.log(`largest files of the ${label} (gzipped):`);
    for (const file of largest) console.log(`  ${file.url.padEnd(48)} ${(file.gzip / 1024).toFixed(1)} KB`);
  }
  await writeSummary(figures);
} finally {
  await browser?.close();
  api?.child.kill('SIGTERM');
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
}
