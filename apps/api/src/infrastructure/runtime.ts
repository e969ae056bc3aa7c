import type { Logger } from 'pino';
import { EventStoreDbEventStore, PostgresEventStore, migrateEventStore, type EventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, migrateDatabase, type ReadDb } from '@pharmacy/read-db';
import { allProjections, ProjectionWaiter, startProjector, type ProjectorHandle } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';

/** The long-lived objects of one process, built before Nest and closed after it. */
export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  store: EventStore;
  db: ReadDb;
  waiter: ProjectionWaiter;
  projector: ProjectorHandle | null;
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

export async function openRuntime(config: AppConfig, databaseUrl: string, logger: Logger): Promise<Runtime> {
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(databaseUrl);
  await migrateDatabase(databaseUrl);
  const store = openEventStore(config, databaseUrl);
  const pool = createPool(databaseUrl);
  const db = createReadDb(pool);
  const runsProjector = config.APP_ROLE === 'all' || config.APP_ROLE === 'projector';
  const projectorLog = logger.child({ component: 'projector' });
  const projector = runsProjector
    ? startProjector(store, db, databaseUrl, {
        info: (message, context) => projectorLog.info(context ?? {}, message),
        error: (message, context) => projectorLog.error(context ?? {}, message),
      })
    : null;
  const waiter = new ProjectionWaiter(
    db,
    allProjections.map((p) => p.name),
    projector?.runner.progress,
  );
  return {
    config,
    databaseUrl,
    logger,
    store,
    db,
    waiter,
    projector,
    async close() {
      await projector?.stop();
      await store.close();
      await db.destroy();
    },
  };
}
