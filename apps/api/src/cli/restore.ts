import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore';
import { describeDatabase } from '../backup/pg-tools';
import { loadConfig } from '../config/config';
import { openEventStore } from '../infrastructure/runtime';
import { databaseFromConfig } from './database-from-config';
import { replayProgressBar } from './progress';

const USAGE = `Usage: npm run restore -- <file> [--force] [--skip-verification]

Restores a backup made by \`npm run backup\` into the database of this configuration
(DATABASE_URL, or the embedded PostgreSQL in DATA_DIR), which must hold no data
unless --force is given; then rebuilds every read model from the event log and
verifies them against a second replay (about as long as the rebuild: on a large
log, --skip-verification leaves it to \`npm run projections:verify\` or the nightly
job). Stop every server, projector and worker on that database first.`;

/** `npm run restore -- <file> [--force]`: the log and the accounts loaded, the read models rebuilt and verified. */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'skip-verification': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const file = resolve(positionals[0]!);
  const config = loadConfig();
  const database = await databaseFromConfig(config);
  let bar: ReturnType<typeof replayProgressBar> | null = null;
  let barPhase: string | null = null;
  const stopBar = () => {
    bar?.stop();
    bar = null;
    barPhase = null;
  };
  try {
    const where = config.DATABASE_URL
      ? describeDatabase(database.url)
      : `the embedded PostgreSQL in ${resolve(config.DATA_DIR, 'postgres')}`;
    console.log(`Restoring into ${where}`);
    const result = await restoreBackup({
      databaseUrl: database.url,
      file,
      force: values.force,
      verify: !values['skip-verification'],
      eventStore: config.EVENT_STORE,
      openStore: (url) => openEventStore(config, url),
      onStep: (message) => {
        stopBar();
        console.log(`- ${message}`);
      },
      onReplay: (phase, progress) => {
        if (barPhase !== phase) {
          stopBar();
          bar = replayProgressBar(phase);
          barPhase = phase;
        }
        bar!.update(progress);
      },
    });
    stopBar();
    const { manifest, verification, phases } = result;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`Restored the backup of ${manifest.createdAt} (made by version ${manifest.app.version})`);
    console.log(
      `  events:       ${result.events}${manifest.eventLog ? '' : ' (read from EventStoreDB)'}; accounts: ${manifest.tables.withRows.users ?? 0}`,
    );
    if (result.migrated.length) console.log(`  upgraded by:  ${result.migrated.join(', ')}`);
    console.log(`  read models:  ${result.projections.length} rebuilt (${result.projections.join(', ')})`);
    if (!verification) {
      console.log('  verification: skipped (--skip-verification): run npm run projections:verify');
    } else if (verification.status === 'ok') {
      console.log(`  verification: ok, the read models equal a replay of ${verification.eventsReplayed} events`);
    } else {
      console.log(`  verification: ${verification.status.toUpperCase()} ${verification.error ?? ''}`);
      for (const table of verification.tables.filter((t) => t.unexpected + t.missing > 0)) {
        console.log(
          `    DIFF ${table.projection} ${table.table}: ${table.unexpected} only in the live table, ${table.missing} only in the replay`,
        );
      }
    }
    console.log(
      `  took:         ${seconds(result.ms)} (load ${seconds(phases.load)}, migrations ${seconds(phases.migrate)}, rebuild ${seconds(phases.rebuild)}, verification ${seconds(phases.verify)})`,
    );
    console.log('Everyone signs in again: sessions are not part of a backup.');
    return !verification || verification.status === 'ok' ? 0 : 1;
  } finally {
    stopBar();
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
