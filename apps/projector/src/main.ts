import { createPool, createReadDb } from '@pharmacy/read-db';
import { startProjector, prepareReadDatabase } from '@pharmacy/projections';
import { migrateEventStore, PostgresEventStore } from '@pharmacy/event-store';
import pino from 'pino';

/**
 * The projector on its own (production topology): keeps the read tables up
 * to date. Several may run; one holds the leader lock, the others stand by.
 * With EVENT_STORE=eventstoredb the log is read from EventStoreDB.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: is required for the standalone projector');
  const logger = pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'pharmacy', component: 'projector' },
  });
  const store = await openStore(databaseUrl);
  await prepareReadDatabase(databaseUrl);
  const db = createReadDb(createPool(databaseUrl));
  const projector = startProjector(
    store,
    db,
    databaseUrl,
    {
      info: (message, context) => logger.info(context ?? {}, message),
      error: (message, context) => logger.error(context ?? {}, message),
    },
    // The pharmacies' time zone, as the API's TIME_ZONE: the day the shortages are kept for.
    { timeZone: process.env.TIME_ZONE ?? 'UTC' },
  );
  const shutdown = () => {
    void projector
      .stop()
      .then(() => Promise.all([store.close(), db.destroy()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function openStore(databaseUrl: string) {
  if ((process.env.EVENT_STORE ?? 'postgres') === 'postgres') {
    await migrateEventStore(databaseUrl);
    return new PostgresEventStore({ connectionString: databaseUrl });
  }
  const { EventStoreDbEventStore } = await import('@pharmacy/event-store');
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
  if (!connectionString) throw new Error('EVENTSTORE_CONNECTION_STRING: is required when EVENT_STORE=eventstoredb');
  return new EventStoreDbEventStore({ connectionString });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
