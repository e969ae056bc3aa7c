import { migrateEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb } from '@pharmacy/read-db';
import { findProjections, rebuildProjections, prepareReadDatabase } from '@pharmacy/projections';
import { loadConfig } from '../config/config';
import { openEventStore } from '../infrastructure/runtime';
import { databaseFromConfig } from './database-from-config';
import { replayProgressBar } from './progress';

/**
 * `npm run projections:rebuild -- [name ...]`: replays the whole log into new
 * copies of the named read models (all when none is named) in a schema of their
 * own, builds their indexes, and swaps them in at the end, in one transaction
 * that also takes in what was appended meanwhile. The product keeps serving the
 * old tables until then; a running projector waits only for the swap.
 */
async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const config = loadConfig();
  const projections = findProjections(names);
  const database = await databaseFromConfig(config);
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(database.url);
  await prepareReadDatabase(database.url);
  const store = openEventStore(config, database.url);
  const db = createReadDb(createPool(database.url));
  try {
    console.log(`Rebuilding ${projections.map((p) => p.name).join(', ')} from the log`);
    const bar = replayProgressBar('replay');
    let phase = 'replay';
    const result = await rebuildProjections(store, db, projections, {
      onProgress: (progress) => {
        if (progress.phase !== phase) {
          phase = progress.phase;
          if (phase === 'indexes') {
            bar.update({ processed: progress.processed, fraction: 1 });
            bar.stop();
            console.log('Building the indexes and swapping the new tables in...');
          }
          return;
        }
        if (phase === 'replay') bar.update(progress);
      },
    });
    if (phase === 'replay') bar.stop();
    const seconds = result.ms / 1000;
    console.log(
      `${result.events} events replayed into ${result.projections.length} projections in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.events / Math.max(seconds, 0.001))} events/s): replay ${(result.phases.replay / 1000).toFixed(1)} s, ` +
        `indexes ${(result.phases.indexes / 1000).toFixed(1)} s, swap ${(result.phases.swap / 1000).toFixed(1)} s`,
    );
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
