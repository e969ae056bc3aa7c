import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import { PinoNestLogger } from './infrastructure/logger';
import { openRuntime, type Runtime, type RuntimeOptions } from './infrastructure/runtime';
import { seedDemoData } from './seed/seed';
import { answerClientErrors, noStore, refuseUnstorableText } from './web/edge';
import { mountOperations, requestMetrics } from './operations/operations';
import { mountSessions, sameOriginWrites } from './web/sessions';
import { inlineScriptHashes, mountWebApp, readIndexHtml } from './web/web-app';
import { ensureFirstAdmin } from './seed/first-admin';

export interface RunningServer {
  url: string;
  runtime: Runtime;
  /** The Nest application: its router and its controllers' metadata (the authorization matrix reads both). */
  nest: NestExpressApplication;
  seeded: boolean;
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Where the built web app is: WEB_DIST_DIR, or apps/web/dist of this checkout. */
export function webDistDir(config: AppConfig): string {
  return resolve(config.WEB_DIST_DIR ?? join(__dirname, '..', '..', 'web', 'dist'));
}

/** Starts the HTTP server (API + web app) and, by role, the projector, on a migrated database. */
export async function startServer(
  config: AppConfig,
  databaseUrl: string,
  logger: Logger,
  options: { seed?: boolean; seedCatalogue?: boolean } & RuntimeOptions = {},
): Promise<RunningServer> {
  const runtime = await openRuntime(config, databaseUrl, logger, { decorateStore: options.decorateStore });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRuntime(runtime), {
    logger: new PinoNestLogger(logger.child({ component: 'nest' })),
    // JSON only: registered below, before the edge checks that read the parsed body.
    bodyParser: false,
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  const express = app.getHttpAdapter().getInstance();
  // First, so that a probe or a scrape costs no body parsing, no session and no log line.
  mountOperations(express, {
    pool: runtime.pool,
    store: runtime.store,
    queue: runtime.queue,
    metrics: runtime.metrics,
    logHead: runtime.logHead,
    maxProjectionLagSeconds: config.READY_MAX_PROJECTION_LAG_SECONDS,
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  });
  app.use(requestMetrics(runtime.metrics));
  app.useBodyParser('json', { limit: '1mb' });
  app.use(noStore);
  app.use(refuseUnstorableText);

  const distDir = webDistDir(config);
  const indexHtml = readIndexHtml(distDir);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // 'wasm-unsafe-eval' lets the page compile WebAssembly (the camera's barcode decoder, served from
          // /assets); it allows no JavaScript eval.
          'script-src': ["'self'", "'wasm-unsafe-eval'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'font-src': ["'self'", 'data:'],
          'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
        },
      },
    }),
  );
  app.use(
    pinoHttp({
      logger: logger.child({ component: 'http' }),
      genReqId: (request, response) => {
        const given = request.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        response.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (request) => !(request.url ?? '').startsWith('/api') },
      serializers: {
        req: (request: { id: unknown; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
    }),
  );
  app.use(sameOriginWrites);
  const closeSessions = mountSessions(express, runtime.authenticator, {
    pool: runtime.pool,
    secret: runtime.identity.secret,
    secure: config.COOKIE_SECURE ?? (config.NODE_ENV === 'production' ? true : 'auto'),
    cache: runtime.identityCache,
  });
  if (indexHtml) mountWebApp(express, distDir, indexHtml);
  else logger.warn({ dir: distDir }, 'web app not built: run `npm run build:web`; serving the API only');

  app.enableShutdownHooks();
  await app.init();
  await ensureFirstAdmin(app, config, logger);
  let seeded = false;
  if (options.seed) seeded = await seedDemoData(app, runtime, { catalogue: options.seedCatalogue ?? true });
  answerClientErrors(app.getHttpServer());
  await app.listen(config.PORT, config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;

  return {
    url: `http://${host}:${port}`,
    runtime,
    nest: app,
    seeded,
    async close() {
      await app.close();
      closeSessions();
      await runtime.close();
    },
  };
}
