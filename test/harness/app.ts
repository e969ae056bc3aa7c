import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import request from 'supertest';
import { loadConfig } from '../../apps/api/src/config/config';
import { startServer, type RunningServer } from '../../apps/api/src/bootstrap';
import { createLogger } from '../../apps/api/src/infrastructure/logger';
import type { RuntimeOptions } from '../../apps/api/src/infrastructure/runtime';
import { createTestDatabase, type TestDatabase } from './database';
import { latestOtpIn } from './outbox';

export interface TestApp {
  /** http://127.0.0.1:<port> serving the API and the built web app. */
  baseUrl: string;
  database: TestDatabase;
  server: RunningServer;
  /** The newest sign-in code e-mailed to this address (read from the server's outbox). */
  latestOtp(email: string, timeoutMs?: number): Promise<string>;
  /** An HTTP agent that keeps cookies, signed in through the real two-step login. */
  signIn(email: string, password: string): Promise<ReturnType<typeof request.agent>>;
  /**
   * Resolves once every read model has what this server wrote: for a test that
   * reads the tables themselves right after a write (the API's reads wait on
   * their own, ADR 0020). Throws after 10 s.
   */
  readModelsCaughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export const demoAccounts = {
  admin: { email: 'admin@pharmacy.example', password: 'Admin#2026' },
  layla: { email: 'layla@pharmacy.example', password: 'Pharma#2026' },
  omar: { email: 'omar@pharmacy.example', password: 'Pharma#2026' },
  auditor: { email: 'auditor@pharmacy.example', password: 'Audit#2026' },
} as const;

/**
 * The real server (API, projector, web app) on a fresh database of its own,
 * listening on a free loopback port. With `seed`, the demo locations and
 * accounts of `npm start` exist; with `seedCatalogue` too, its 300+ products
 * and their stock (about 20 s more).
 */
export async function startTestApp(
  options: {
    seed?: boolean;
    seedCatalogue?: boolean;
    env?: Record<string, string>;
    decorateStore?: RuntimeOptions['decorateStore'];
    /** Where the server's JSON log goes (default: the LOG_LEVEL logger on stdout, silent in tests). */
    logger?: Logger;
    /** Start on this database (another server's, after it stopped: a restart after a crash); it is not dropped at stop. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'pharmacy-test-app-'));
  const outbox = join(dataDir, 'outbox.log');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    OUTBOX_FILE: outbox,
    // Tests sign in many times from one address; the limits have their own test with the defaults.
    SIGNIN_LIMIT_PER_IP: '100000',
    SIGNIN_CODES_PER_EMAIL: '100000',
    SIGNIN_LIMIT_PER_USERNAME: '100000',
    // The jobs have their own tests (apps/worker); servers under test do not schedule them.
    BACKGROUND_JOBS: 'false',
    // A web build made elsewhere than apps/web/dist (the server's own option), so that a browser
    // spec can run while another build of this checkout is being written.
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...options.env,
  });
  const server = await startServer(config, database.url, options.logger ?? createLogger(config.LOG_LEVEL), {
    seed: options.seed ?? false,
    seedCatalogue: options.seedCatalogue ?? false,
    ...(options.decorateStore ? { decorateStore: options.decorateStore } : {}),
  });
  const port = new URL(server.url).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const latestOtp = (email: string, timeoutMs?: number) => latestOtpIn(outbox, email, timeoutMs);

  return {
    baseUrl,
    database,
    server,
    latestOtp,
    async signIn(email, password) {
      const agent = request.agent(baseUrl);
      const asked = await agent.post('/api/auth/login-request').send({ email }).expect(200);
      const otpCode = await latestOtp(email);
      await agent.post('/api/auth/login-verify').send({ userId: asked.body.userId, password, otpCode }).expect(200);
      return agent;
    },
    async readModelsCaughtUp() {
      const { waiter } = server.runtime;
      if (!(await waiter.waitForCommit(waiter.latestWrite, waiter.names, 10_000))) {
        throw new Error('the read models did not catch up with the writes within 10 s');
      }
    },
    async stop() {
      await server.close();
      if (ownsDatabase) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
