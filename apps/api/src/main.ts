import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from './bootstrap';
import { ConfigError, loadConfig } from './config/config';
import { startEmbeddedDatabase } from './infrastructure/embedded-database';
import { createLogger } from './infrastructure/logger';
import { demoUsers } from './seed/demo-data';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const stops: Array<() => Promise<void>> = [];

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    mkdirSync(resolve(config.DATA_DIR), { recursive: true, mode: 0o755 });
    const embedded = await startEmbeddedDatabase(config.DATA_DIR);
    databaseUrl = embedded.url;
    stops.push(() => embedded.server.stop());
    logger.info({ dataDir: embedded.server.dataDir, port: embedded.server.port }, 'embedded PostgreSQL running');
  }

  const seed = config.SEED_DEMO_DATA ?? !config.DATABASE_URL;
  if (seed) logger.info('adding the demo data if this database has none yet (the first start takes about 20 seconds)');
  const server = await startServer(config, databaseUrl, logger, { seed });
  stops.unshift(() => server.close());

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void (async () => {
      for (const stop of stops) await stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const lines = [
    '',
    `  Pharmacy management is running at ${server.url}`,
    server.seeded
      ? '  Demo data was added: three pharmacy locations, four accounts (an administrator, two pharmacists and an auditor), a catalogue of 300+ medicines with stock, three weeks of sales and transfers in every status, in English and Arabic.'
      : '',
    ...(seed
      ? [
          '  Sign in with (e-mail / password):',
          ...demoUsers.map((u) => `    ${u.email.padEnd(26)} ${u.password.padEnd(12)} ${u.role}`),
          `  The 6-digit code is e-mailed; without SMTP_URL it is printed here and appended to ${server.runtime.mailer.outboxFile ?? 'the SMTP server'}.`,
        ]
      : []),
    `  Database: ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL in ${resolve(config.DATA_DIR, 'postgres')}`}`,
    '  Stop with Ctrl+C.',
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
