import type { Express, NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventStore } from '@pharmacy/event-store';
import type { QueueProbe } from '@pharmacy/jobs';
import type { Metrics } from './metrics';
import type { LogHead } from './projection-lag';

export interface OperationsOptions {
  pool: Pool;
  store: EventStore;
  queue: QueueProbe;
  metrics: Metrics;
  logHead(): Promise<LogHead>;
  /** Above this, the read models are too far behind for this instance to take traffic. */
  maxProjectionLagSeconds: number;
  /** When set, /metrics answers only a request with `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

export interface Check {
  ok: boolean;
  ms: number;
  detail?: string;
}

/** How long one readiness check may take before it counts as failed: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 2000;
/** What a refused readiness probe tells the caller: ask again in this many seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The endpoints an orchestrator and a monitoring system call, outside /api and
 * without a session: `/health` (the process answers), `/ready` (it can serve:
 * database, event store, read models caught up, job queue), `/metrics`
 * (Prometheus). Mounted before the sessions so a probe creates none.
 */
export function mountOperations(express: Express, options: OperationsOptions): void {
  const started = Date.now();
  express.get('/health', (_request, response) => {
    response.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) });
  });

  express.get('/ready', (_request, response, next) => {
    readiness(options)
      .then(({ ready, checks }) => {
        if (!ready) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
        response.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
      })
      .catch(next);
  });

  express.get('/metrics', (request, response, next) => {
    if (options.metricsToken && !bearerMatches(request, options.metricsToken)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      response.status(401).json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'A metrics token is required.' });
      return;
    }
    options.metrics
      .text()
      .then((text) => response.type(options.metrics.contentType).send(text))
      .catch(next);
  });
}

/** Times every /api request under its route pattern (`/api/sales/:id`, never the id itself). */
export function requestMetrics(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith('/api/')) return next();
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const routePath = (request.route as { path?: string } | undefined)?.path;
      const route = routePath ? `${request.baseUrl}${routePath}` : 'unmatched';
      metrics.observeRequest(
        request.method,
        route,
        response.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

export async function readiness(
  options: OperationsOptions,
): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const [database, eventStore, projections, queue] = await Promise.all([
    check(async () => {
      await options.pool.query('SELECT 1');
    }),
    check(async () => {
      await options.store.headPosition();
    }),
    check(async () => {
      const behind = (await options.logHead()).projections.filter((p) => p.seconds > options.maxProjectionLagSeconds);
      if (behind.length > 0) {
        const worst = Math.max(...behind.map((p) => p.seconds));
        throw new Error(
          `${behind.length} read model(s) more than ${options.maxProjectionLagSeconds} s behind (the furthest ${Math.round(worst)} s): ${behind.map((p) => p.name).join(', ')}`,
        );
      }
    }),
    check(() => options.queue.ping(), options.queue.backend === 'postgres' ? 'jobs kept in PostgreSQL' : 'redis'),
  ]);
  const checks = { database, eventStore, projections, queue };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

async function check(run: () => Promise<void>, detail?: string): Promise<Check> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Date.now() - started, ...(detail ? { detail } : {}) };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function bearerMatches(request: Request, token: string): boolean {
  const given = Buffer.from(request.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
