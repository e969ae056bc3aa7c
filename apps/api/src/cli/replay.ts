import { sql } from 'kysely';
import { migrateEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb } from '@pharmacy/read-db';
import {
  allProjections,
  assertSchemaName,
  createShadowSchema,
  ownedTables,
  replayIntoSchema,
  prepareReadDatabase,
} from '@pharmacy/projections';
import { loadConfig } from '../config/config';
import { openEventStore } from '../infrastructure/runtime';
import { databaseFromConfig } from './database-from-config';
import { replayProgressBar } from './progress';

const usage = 'Usage: npm run replay -- --as-of <instant, e.g. 2026-11-17T14:00:00+03:00> [--schema audit_20261117]';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value.\n${usage}`);
  return value;
}

/**
 * `npm run replay -- --as-of <instant> [--schema audit_YYYYMMDD]`: every read
 * model as it stood at an instant (the events recorded by then), built into a
 * schema of its own for auditors to query. The live tables are not touched.
 */
async function main(): Promise<void> {
  const asOfText = option('--as-of');
  if (!asOfText) throw new Error(`--as-of is required.\n${usage}`);
  const asOf = new Date(asOfText);
  if (Number.isNaN(asOf.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(asOfText)) {
    throw new Error(`"${asOfText}" is not an instant: give a date and time with its offset.\n${usage}`);
  }
  const schema = option('--schema') ?? `audit_${asOf.toISOString().slice(0, 10).replaceAll('-', '')}`;
  assertSchemaName(schema);

  const config = loadConfig();
  const database = await databaseFromConfig(config);
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(database.url);
  await prepareReadDatabase(database.url);
  const store = openEventStore(config, database.url);
  const db = createReadDb(createPool(database.url));
  const started = Date.now();
  try {
    await createShadowSchema(db, schema, allProjections);
    const bar = replayProgressBar('replay');
    const result = await replayIntoSchema(store, db, schema, allProjections, {
      recordedBy: asOf,
      onProgress: (progress) => bar.update(progress),
    });
    bar.update({ processed: result.events, fraction: 1 });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${result.events} events recorded by ${asOf.toISOString()} replayed into schema "${schema}" in ${seconds.toFixed(
        2,
      )} s (${Math.round(result.events / Math.max(seconds, 0.001))} events/s). The live read models were not touched.`,
    );
    const tables = [...new Set(allProjections.filter((p) => !p.derivedFrom).flatMap(ownedTables))];
    for (const table of tables) {
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.id(schema, table)}`.execute(db);
      console.log(`  ${schema}.${table.padEnd(28)} ${rows[0]!.n} rows`);
    }
    console.log(
      `Query it with, e.g.: SELECT * FROM ${schema}.inventory_batches; drop it with DROP SCHEMA ${schema} CASCADE;`,
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
