import { join, resolve } from 'node:path';
import pino from 'pino';
import { EventStoreDbEventStore, migrateEventStore, PostgresEventStore, type EventStore } from '@pharmacy/event-store';
import { createPool, createReadDb } from '@pharmacy/read-db';
import { Mailer } from '@pharmacy/mail';
import { startWorker } from '@pharmacy/jobs';

/**
 * The worker on its own (production topology): BullMQ jobs on Redis. Any
 * number may run; each job goes to one of them.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: is required for the standalone worker');
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'pharmacy', component: 'worker' } });
  const db = createReadDb(createPool(databaseUrl, { max: 4 }));
  const mail = new Mailer(
    {
      ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
      from: process.env.MAIL_FROM ?? 'Pharmacy Management <no-reply@pharmacy.local>',
      outboxFile: resolve(process.env.OUTBOX_FILE ?? join(process.env.DATA_DIR ?? '.data', 'outbox.log')),
    },
    logger,
  );
  const store = await openStore(databaseUrl);
  const worker = await startWorker({
    db,
    store,
    mail,
    databaseUrl,
    timeZone: process.env.TIME_ZONE ?? 'UTC',
    ...(process.env.EXPIRY_SCAN_CRON ? { expiryScanCron: process.env.EXPIRY_SCAN_CRON } : {}),
    ...(process.env.VERIFY_CRON ? { verifyCron: process.env.VERIFY_CRON } : {}),
    ...(process.env.OPENAI_BASE_URL
      ? {
          assistant: {
            baseUrl: process.env.OPENAI_BASE_URL,
            apiKey: process.env.OPENAI_API_KEY ?? 'not-needed',
            model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
            timeoutMs: Number(process.env.AI_TIMEOUT_MS ?? 30_000),
            retries: Number(process.env.AI_RETRIES ?? 2),
            ...(process.env.OPENAI_VISION_MODEL ? { visionModel: process.env.OPENAI_VISION_MODEL } : {}),
          },
        }
      : {}),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    logger: {
      info: (context, message) => logger.info(context, message),
      error: (context, message) => logger.error(context, message),
    },
  });
  const shutdown = () => {
    void worker
      .close()
      .then(() => Promise.all([store.close(), db.destroy()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** The event log the expiry scan records on: PostgreSQL (default) or EventStoreDB, as the API's. */
async function openStore(databaseUrl: string): Promise<EventStore> {
  if ((process.env.EVENT_STORE ?? 'postgres') === 'postgres') {
    await migrateEventStore(databaseUrl);
    return new PostgresEventStore({ connectionString: databaseUrl });
  }
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
  if (!connectionString) throw new Error('EVENTSTORE_CONNECTION_STRING: is required when EVENT_STORE=eventstoredb');
  return new EventStoreDbEventStore({ connectionString });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
