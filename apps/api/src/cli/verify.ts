import { migrateEventStore } from '@pharmacy/event-store';
import { prepareReadDatabase } from '@pharmacy/projections';
import { createPool, createReadDb } from '@pharmacy/read-db';
import { runVerification } from '@pharmacy/jobs';
import { loadConfig } from '../config/config';
import { openEventStore } from '../infrastructure/runtime';
import { databaseFromConfig } from './database-from-config';
import { replayProgressBar } from './progress';

/**
 * `npm run projections:verify`: rebuilds every read model into a shadow schema
 * and reports each difference from the live tables; exit code 1 on any (or if
 * the verification could not run). The result is also what admins see.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await databaseFromConfig(config);
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(database.url);
  await prepareReadDatabase(database.url);
  const store = openEventStore(config, database.url);
  const db = createReadDb(createPool(database.url));
  try {
    const bar = replayProgressBar('verify');
    const run = await runVerification(db, store, 'cli', (progress) => bar.update(progress));
    bar.update({ processed: run.eventsReplayed, fraction: 1 });
    bar.stop();
    if (run.status === 'failed') {
      console.error(`Verification failed: ${run.error}`);
      return 1;
    }
    for (const table of run.tables) {
      const mark = table.unexpected + table.missing === 0 ? 'ok  ' : 'DIFF';
      console.log(
        `${mark} ${table.projection.padEnd(14)} ${table.table.padEnd(28)} ${String(table.rows).padStart(9)} rows` +
          (mark === 'ok  ' ? '' : `  ${table.unexpected} only in the live table, ${table.missing} only in the replay`),
      );
      for (const sample of table.samples) console.log(`       ${sample.side.padEnd(6)} ${JSON.stringify(sample.row)}`);
    }
    const seconds = (Date.parse(run.finishedAt!) - Date.parse(run.startedAt!)) / 1000;
    console.log(
      run.status === 'ok'
        ? `The read models equal a replay of ${run.eventsReplayed} events (${seconds.toFixed(2)} s).`
        : `The read models differ from a replay of ${run.eventsReplayed} events: see the rows marked DIFF above.`,
    );
    return run.status === 'ok' ? 0 : 1;
  } finally {
    await store.close();
    await db.destroy();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
