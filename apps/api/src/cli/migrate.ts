import { migrateEventStore } from '@pharmacy/event-store';
import { prepareReadDatabase } from '@pharmacy/projections';
import { loadConfig } from '../config/config';
import { databaseFromConfig } from './database-from-config';

/** `npm run migrate`: applies the event log and read-table migrations. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await databaseFromConfig(config);
  try {
    const log = config.EVENT_STORE === 'postgres' ? await migrateEventStore(database.url) : [];
    const read = await prepareReadDatabase(database.url);
    const applied = [...log, ...read];
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
