import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Pool } from 'pg';
import { createPool } from '../../../libs/read-db/src/connection';
import { freePort, startLocalPostgres, type LocalPostgres } from '../../../libs/read-db/src/local-postgres';
import { startLocalRedis, type LocalRedis } from '../../harness/redis';
import { databaseUrl } from '../../harness/template';
import { signIn, waitUntilServing, type Session } from './http';
import { entryPoints, startNode, stopAll, type ServerProcess } from './processes';

/** Everything a scenario starts from: two pharmacies with stock, and an administrator signed in at each. */
export interface Seed {
  pharmacies: { downtown: string; abdoun: string };
  products: string[];
  /** Units received of each product at each pharmacy (one batch each). */
  received: number;
  /** The administrator's sessions, one working at each pharmacy (sales go to the session's pharmacy). */
  sessions: { downtown: Session; abdoun: Session };
}

/** A database of one scenario, cloned from the seeded template, with a pool for the suite's own checks. */
export interface ScenarioDatabase {
  name: string;
  url: string;
  pool: Pool;
}

export interface ApiProcess {
  process: ServerProcess;
  baseUrl: string;
}

const admin = { email: 'faults-admin@pharmacy.example', password: 'Faults#Admin-2026' };

/**
 * One PostgreSQL (durable: a commit is on disk before it is acknowledged, as in
 * production, so a crash must not lose an acknowledged sale) and one Redis
 * (append-only file, as in production) for the whole suite, the server
 * processes it starts, and a seeded template database each scenario clones.
 */
export class FaultEnvironment {
  readonly secret = randomBytes(32).toString('hex');
  seed!: Seed;
  private postgres!: LocalPostgres;
  private redisServer!: LocalRedis;
  private template = '';
  private readonly pools: Pool[] = [];

  private constructor(
    readonly dir: string,
    readonly logDir: string,
  ) {}

  static async start(): Promise<FaultEnvironment> {
    const dir = await mkdtemp(join(tmpdir(), 'pharmacy-faults-'));
    await chmod(dir, 0o755); // PostgreSQL runs as the `postgres` OS user when we are root
    const logDir = join(dir, 'logs');
    await mkdir(logDir);
    await mkdir(join(dir, 'redis'));
    const environment = new FaultEnvironment(dir, logDir);
    [environment.postgres, environment.redisServer] = await Promise.all([
      startLocalPostgres({ dataDir: join(dir, 'pg'), ephemeral: false }),
      startLocalRedis({ dataDir: join(dir, 'redis') }),
    ]);
    // A client that dies mid-statement (a killed process) has its statement cancelled and its
    // transaction rolled back within a quarter second, not when the statement would have ended.
    await environment.admin((c) => c.query("ALTER SYSTEM SET client_connection_check_interval = '250ms'"));
    await environment.admin((c) => c.query('SELECT pg_reload_conf()'));
    await environment.prepareTemplate();
    return environment;
  }

  get postgresPort(): number {
    return this.postgres.port;
  }

  get redisUrl(): string {
    return this.redisServer.url;
  }

  /** Kills PostgreSQL as a crash would (`pg_ctl stop -m immediate`: no checkpoint, no goodbye to clients). */
  async crashPostgres(): Promise<void> {
    await this.postgres.stop('immediate');
  }

  /** Starts PostgreSQL again on its port and data (crash recovery replays the WAL); the time it took. */
  async restartPostgres(): Promise<number> {
    const started = Date.now();
    this.postgres = await startLocalPostgres({ dataDir: this.postgres.dataDir, port: this.postgres.port });
    return Date.now() - started;
  }

  async killRedis(): Promise<void> {
    await this.redisServer.stop('SIGKILL');
  }

  /** Starts Redis again on its port and folder: it reloads its append-only file. The time it took. */
  async restartRedis(): Promise<number> {
    const started = Date.now();
    this.redisServer = await startLocalRedis({ port: this.redisServer.port, dataDir: join(this.dir, 'redis') });
    return Date.now() - started;
  }

  /** A fresh copy of the seeded template for one scenario. */
  async newDatabase(label: string): Promise<ScenarioDatabase> {
    const name = `faults_${label.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
    await this.admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${this.template}`));
    const url = databaseUrl(this.postgres.url, name);
    // The product's own pool: it survives a PostgreSQL restart as the servers' pools do.
    const pool = createPool(url, { max: 3 });
    this.pools.push(pool);
    return { name, url, pool };
  }

  /** An API process (APP_ROLE=api, as production runs it) on this database; resolves once it serves. */
  async startApi(name: string, database: { url: string }, env: Record<string, string> = {}): Promise<ApiProcess> {
    const port = await freePort();
    const server = startNode(
      name,
      entryPoints.api,
      {
        ...this.serverEnv(name, database.url),
        APP_ROLE: 'api',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        PROJECTION_WAIT_MS: '1000',
        SIGNIN_LIMIT_PER_IP: '100000',
        SIGNIN_CODES_PER_EMAIL: '100000',
        ...env,
      },
      this.logDir,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await Promise.race([
      waitUntilServing(baseUrl, '/api/pharmacies', this.seed?.sessions.downtown ?? null, 30_000),
      server.exited.then(() => Promise.reject(new Error(`${name} ended while starting:\n${server.tail()}`))),
    ]);
    return { process: server, baseUrl };
  }

  /** A standalone projector (apps/projector); resolves once it is the leader or a standby. */
  async startProjector(name: string, database: { url: string }): Promise<ServerProcess> {
    const server = startNode(
      name,
      entryPoints.projector,
      { ...this.serverEnv(name, database.url), LOG_LEVEL: 'info' },
      this.logDir,
    );
    await server.waitForLine(/projector is the leader|waiting as a standby/, 30_000);
    return server;
  }

  /** A standalone worker (apps/worker) on the suite's Redis; resolves once it runs. */
  async startWorker(name: string, database: { url: string }, env: Record<string, string> = {}) {
    const server = startNode(
      name,
      entryPoints.worker,
      { ...this.serverEnv(name, database.url), REDIS_URL: this.redisUrl, LOG_LEVEL: 'info', ...env },
      this.logDir,
    );
    await server.waitForLine(/worker running/, 30_000);
    return server;
  }

  /**
   * `npm run projections:verify` (the audit's verification: every read model
   * rebuilt from the log into a shadow schema and compared with the live
   * tables) on this database: whether it found no difference, and what it said.
   */
  async verify(database: { url: string }): Promise<{ ok: boolean; events: number; output: string; ms: number }> {
    const started = Date.now();
    const child = spawn(process.execPath, [entryPoints.verify], {
      env: { PATH: process.env.PATH ?? '', ...this.serverEnv('verify', database.url) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const equal = output.match(/The read models equal a replay of (\d+) events/);
    return { ok: code === 0 && equal !== null, events: Number(equal?.[1] ?? 0), output, ms: Date.now() - started };
  }

  /** Stops everything; with `keepLogsIn`, the server processes' logs are copied there first. */
  async stop(keepLogsIn?: string): Promise<void> {
    await stopAll();
    await Promise.all(this.pools.map((pool) => pool.end().catch(() => undefined)));
    await this.redisServer?.stop().catch(() => undefined);
    await this.postgres?.stop().catch(() => undefined);
    if (keepLogsIn) {
      await rm(keepLogsIn, { recursive: true, force: true });
      await cp(this.logDir, keepLogsIn, { recursive: true });
      await cp(join(this.dir, 'pg', 'server.log'), join(keepLogsIn, 'postgres.log')).catch(() => undefined);
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  /** What every server process of the suite is given (production mode, behind a TLS proxy in real life). */
  private serverEnv(name: string, url: string): Record<string, string> {
    const dataDir = join(this.dir, 'data', name);
    mkdirSync(dataDir, { recursive: true });
    return {
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      DATABASE_URL: url,
      REDIS_URL: this.redisUrl,
      SESSION_SECRET: this.secret,
      DATA_DIR: dataDir,
      TIME_ZONE: 'UTC',
    };
  }

  private async admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.postgres.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /**
   * The template: an administrator (created at start-up from ADMIN_EMAIL), two
   * pharmacies, four products with stock at both, and two signed-in sessions,
   * written by a real server through the API. Scenarios clone it (sessions
   * included: every process shares SESSION_SECRET).
   */
  private async prepareTemplate(): Promise<void> {
    this.template = `faults_template_${randomBytes(3).toString('hex')}`;
    await this.admin((c) => c.query(`CREATE DATABASE ${this.template}`));
    const url = databaseUrl(this.postgres.url, this.template);
    const dataDir = join(this.dir, 'data', 'template');
    const port = await freePort();
    const server = startNode(
      'template',
      entryPoints.api,
      {
        ...this.serverEnv('template', url),
        APP_ROLE: 'all',
        BACKGROUND_JOBS: 'false',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      this.logDir,
    );
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilServing(baseUrl, '/api/pharmacies', null, 30_000, [401]);
      const outbox = join(dataDir, 'outbox.log');
      const downtown = await signIn(baseUrl, outbox, admin);
      const abdoun = await signIn(baseUrl, outbox, admin);
      const pharmacy = async (name: string) =>
        (await downtown.post<{ id: string }>(baseUrl, '/api/pharmacies', { name, address: `${name} street 1` })).id;
      const pharmacies = { downtown: await pharmacy('Faults Downtown'), abdoun: await pharmacy('Faults Abdoun') };
      await downtown.post(baseUrl, '/api/auth/user/pharmacy', { pharmacyId: pharmacies.downtown });
      await abdoun.post(baseUrl, '/api/auth/user/pharmacy', { pharmacyId: pharmacies.abdoun });
      const received = 5000;
      const products: string[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const product = await downtown.post<{ id: string }>(baseUrl, '/api/products', {
          sku: `FAULT-${i}`,
          name: `Fault test medicine ${i}`,
          price: '2.00',
        });
        products.push(product.id);
        for (const pharmacyId of Object.values(pharmacies)) {
          await downtown.post(baseUrl, '/api/inventory', {
            productId: product.id,
            pharmacyId,
            batchNumber: `LOT-${i}`,
            quantity: received,
            purchasePrice: '1.00',
            expiryDate: `${new Date().getUTCFullYear() + 2}-12-31`,
          });
        }
      }
      this.seed = { pharmacies, products, received, sessions: { downtown, abdoun } };
    } finally {
      await server.stop();
    }
  }
}
