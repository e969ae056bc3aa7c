import { SingleBar, Presets } from 'cli-progress';
import { migrateEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, migrateDatabase } from '@pharmacy/read-db';
import { findProjections, rebuildProjection } from '@pharmacy/projections';
import { loadConfig } from '../config/config';
import { openEventStore } from '../infrastructure/runtime';
import { databaseFromConfig } from './database-from-config';

/**
 * `npm run projections:rebuild -- [name ...]`: replays the whole log into the
 * named read models (all when none is named). Each one is swapped in as a
 * whole when its replay commits; a running projector simply waits meanwhile.
 */
async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const config = loadConfig();
  const projections = findProjections(names);
  const database = await databaseFromConfig(config);
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(database.url);
  await migrateDatabase(database.url);
  const store = openEventStore(config, database.url);
  const db = createReadDb(createPool(database.url));
  try {
    for (const projection of projections) {
      const bar = new SingleBar(
        {
          format: `${projection.name.padEnd(20)} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left`,
          hideCursor: true,
        },
        Presets.shades_classic,
      );
      bar.start(1000, 0, { events: 0 });
      const result = await rebuildProjection(store, db, projection, ({ processed, fraction }) => {
        bar.update(Math.round(fraction * 1000), { events: processed });
      });
      bar.update(1000, { events: result.events });
      bar.stop();
      const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : result.events;
      console.log(
        `${projection.name}: ${result.events} events replayed in ${(result.ms / 1000).toFixed(2)} s (${rate} events/s)`,
      );
    }
  } finally {
    await store.close();
    await db.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
