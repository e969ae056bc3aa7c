// The real server as its own process for the HTTP benchmarks, and signed-in sessions on it.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, pg, sleep } from './util.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The benchmarks' administrator, created at the server's first start. */
export const BENCH_ADMIN = { email: 'bench-admin@pharmacy.example', password: 'Bench#Admin2026' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `node apps/api/dist/main.js` on `url` (API + projector in one, like npm start),
 * with no demo data and no background jobs. `nodeArgs` go before the script
 * (a CPU profile); `env` adds to the server's environment.
 */
export async function startApi(url, dir, { nodeArgs = [], env = {} } = {}) {
  const port = await freePort();
  const outbox = join(dir, 'outbox.log');
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      COOKIE_SECURE: 'false',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      OUTBOX_FILE: outbox,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SEED_DEMO_DATA: 'false',
      BACKGROUND_JOBS: 'false',
      // Benchmarks run one after another sign in more often than the sign-in limits allow a person.
      SIGNIN_LIMIT_PER_IP: '10000',
      SIGNIN_CODES_PER_EMAIL: '10000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/auth/user`)).status === 401) return { child, base, outbox };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not start');
}

/**
 * A signed-in session cookie through the real two-step sign-in (the code read
 * from the server's outbox), working at `pharmacyId` when one is given.
 */
export async function signIn(base, outbox, pharmacyId = null) {
  const mails = async () => (await readFile(outbox, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  const before = (await mails()).length;
  const request = await fetch(`${base}/api/auth/login-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email }),
  });
  // Refused (a sign-in limit, say): no code will come, so say why rather than wait for one.
  if (!request.ok) throw new Error(`sign-in code refused: ${request.status} ${await request.text()}`);
  const asked = await request.json();
  let lines = await mails();
  while (lines.length <= before) {
    await sleep(20);
    lines = await mails();
  }
  const code = JSON.parse(lines.at(-1)).subject.match(/\d{6}/)[0];
  const verified = await fetch(`${base}/api/auth/login-verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: asked.userId, password: BENCH_ADMIN.password, otpCode: code }),
  });
  if (!verified.ok) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('sign-in answered without a session cookie');
  if (pharmacyId) {
    const chosen = await fetch(`${base}/api/auth/user/pharmacy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ pharmacyId }),
    });
    if (!chosen.ok) throw new Error(`could not choose pharmacy ${pharmacyId}: ${chosen.status}`);
  }
  return cookie;
}

/**
 * Waits until every follower of the log the server at `url` runs (the
 * projections and the transfer reactor, each with its row in
 * `projection_checkpoints`) has reached the log's head, printing how far each
 * still has to go every `everyMs`. A chain whose read models were rebuilt only in
 * part has the others catching up in the server under test, and its page loads
 * then measure that catch-up too (docs/benchmarks.md, 2026-11-28).
 */
export async function waitForCaughtUp(url, { log = console.log, everyMs = 30_000 } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    let reported = 0;
    for (;;) {
      const { rows } = await client.query(`
        SELECT c.name, (h.head - c.commit_position)::bigint AS behind
          FROM projection_checkpoints c, (SELECT coalesce(max(position), 0) AS head FROM eventstore.events) h
         WHERE c.commit_position < h.head ORDER BY behind DESC`);
      if (rows.length === 0) {
        if (reported > 0)
          log(`the server's read models reached the head of the log after ${fmt.int((Date.now() - started) / 1000)} s`);
        return;
      }
      if (Date.now() - reported >= everyMs) {
        log(
          `waiting for the server to catch up: ${rows.map((r) => `${r.name} ${fmt.int(Number(r.behind))} events behind`).join(', ')}`,
        );
        reported = Date.now();
      }
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
}
