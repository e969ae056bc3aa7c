import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Pool } from 'pg';
import passport from 'passport';
import type { Logger } from 'pino';
import { EventStoreDbEventStore, PostgresEventStore, migrateEventStore, type EventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import {
  allProjections,
  ProjectionWaiter,
  startProjector,
  type ProjectorHandle,
  prepareReadDatabase,
} from '@pharmacy/projections';
import { modelSettings, type AppConfig } from '../config/config';
import { defaultIdentityOptions, type IdentityOptions, type PassportInstance } from '../identity/identity.types';
import { Mailer } from '@pharmacy/mail';
import { openQueueProbe, startWorker, type QueueProbe, type RunningWorker } from '@pharmacy/jobs';
import { Metrics } from '../operations/metrics';
import { projectionLag, type LogHead } from '../operations/projection-lag';
import { IdentityCache } from '../identity/identity-cache';

/** The long-lived objects of one process, built before Nest and closed after it. */
export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  store: EventStore;
  db: ReadDb;
  /** The read database's pool, shared with the session store. */
  pool: Pool;
  identity: IdentityOptions;
  /** Signed-in users and sessions kept in memory, forgotten on any change (identity_changed). */
  identityCache: IdentityCache;
  mailer: Mailer;
  authenticator: PassportInstance;
  waiter: ProjectionWaiter;
  projector: ProjectorHandle | null;
  worker: RunningWorker | null;
  /** A read-only look at the job queues (readiness, metrics). */
  queue: QueueProbe;
  metrics: Metrics;
  /** Where the event log ends and how far behind it each read model is. */
  logHead(): Promise<LogHead>;
  close(): Promise<void>;
}

export function openEventStore(config: AppConfig, databaseUrl: string): EventStore {
  switch (config.EVENT_STORE) {
    case 'postgres':
      return new PostgresEventStore({ connectionString: databaseUrl });
    case 'eventstoredb':
      // loadConfig guarantees the connection string for this choice.
      return new EventStoreDbEventStore({ connectionString: config.EVENTSTORE_CONNECTION_STRING ?? '' });
  }
}

export interface RuntimeOptions {
  /** Wraps the event store, e.g. to inject faults in tests at the port boundary. */
  decorateStore?: (store: EventStore) => EventStore;
}

/**
 * How long the server keeps an idle database connection (pg's default is 10 s).
 * A new connection answers its first queries several times slower, while its
 * PostgreSQL process fills its caches of the tables it touches: on the chain,
 * the dashboard took 1.1-1.3 s again after 15 s without requests, 0.84-0.95 s
 * on kept connections (docs/benchmarks.md).
 */
const POOL_IDLE_TIMEOUT_MS = 10 * 60_000;

export async function openRuntime(
  config: AppConfig,
  databaseUrl: string,
  logger: Logger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(databaseUrl);
  await prepareReadDatabase(databaseUrl);
  const opened = openEventStore(config, databaseUrl);
  const store = options.decorateStore ? options.decorateStore(opened) : opened;
  const pool = createPool(databaseUrl, { idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  const db = createReadDb(pool);
  const identity = { ...defaultIdentityOptions, secret: sessionSecret(config) };
  const identityCache = new IdentityCache(databaseUrl, logger.child({ component: 'identity-cache' }));
  await identityCache.start();
  const mailer = new Mailer(
    {
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      from: config.MAIL_FROM,
      outboxFile: resolve(config.OUTBOX_FILE ?? join(config.DATA_DIR, 'outbox.log')),
    },
    logger.child({ component: 'mail' }),
  );
  const runsProjector = config.APP_ROLE === 'all' || config.APP_ROLE === 'projector';
  const projectorLog = logger.child({ component: 'projector' });
  const projector = runsProjector
    ? startProjector(
        store,
        db,
        databaseUrl,
        {
          info: (message, context) => projectorLog.info(context ?? {}, message),
          error: (message, context) => projectorLog.error(context ?? {}, message),
        },
        { timeZone: config.TIME_ZONE },
      )
    : null;
  // In production the jobs run in the worker app (apps/worker); the single-process default runs them here.
  const runsWorker = config.APP_ROLE === 'all' && config.BACKGROUND_JOBS;
  const workerLog = logger.child({ component: 'worker' });
  const worker = runsWorker
    ? await startWorker({
        db,
        store,
        mail: mailer,
        databaseUrl,
        timeZone: config.TIME_ZONE,
        expiryScanCron: config.EXPIRY_SCAN_CRON,
        verifyCron: config.VERIFY_CRON,
        ...(modelSettings(config) ? { assistant: modelSettings(config)! } : {}),
        ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
        logger: {
          info: (context, message) => workerLog.info(context, message),
          error: (context, message) => workerLog.error(context, message),
        },
      })
    : null;
  const waiter = new ProjectionWaiter(db, allProjections, projector?.runner);
  const queue = openQueueProbe({ databaseUrl, ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}) });
  const projectionNames = allProjections.map((p) => p.name);
  const logHead = () => projectionLag(db, store, projectionNames);
  const metricsLog = logger.child({ component: 'metrics' });
  const metrics = new Metrics({ logHead, jobCounts: () => queue.counts() }, (source, error) =>
    metricsLog.warn({ err: error instanceof Error ? error.message : String(error) }, `${source} unavailable`),
  );
  return {
    config,
    databaseUrl,
    logger,
    store,
    db,
    pool,
    identity,
    identityCache,
    mailer,
    authenticator: new passport.Authenticator(),
    waiter,
    projector,
    worker,
    queue,
    metrics,
    logHead,
    async close() {
      await identityCache.close();
      await queue.close();
      await worker?.close();
      await projector?.stop();
      await store.close();
      await db.destroy();
    },
  };
}

/**
 * SESSION_SECRET, or (outside production) a random one kept in DATA_DIR so
 * sessions survive a restart of `npm start`.
 */
function sessionSecret(config: AppConfig): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(resolve(config.DATA_DIR), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(config.DATA_DIR), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
