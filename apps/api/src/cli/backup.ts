import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, defaultBackupPath } from '../backup/backup';
import { describeDatabase } from '../backup/pg-tools';
import { loadConfig } from '../config/config';
import { databaseFromConfig } from './database-from-config';
import { formatBytes } from './progress';

const USAGE = `Usage: npm run backup [-- --out <file>]

Writes one consistent backup of the event log and the accounts (see "Backup and
restore" in docs/operations.md) to <file>, by default ${defaultBackupPath(new Date(0)).replace('1970-01-01T00-00-00Z', '<time>')}.
With EVENT_STORE=eventstoredb, add --without-event-log: EventStoreDB backs up its log itself.`;

const EVENTSTOREDB = `With EVENT_STORE=eventstoredb the event log is in EventStoreDB, which this command cannot read
consistently with PostgreSQL: back the log up with EventStoreDB's own procedure (copy its database
folder, checkpoint files first, or a file-system snapshot of it; see docs/operations.md), then run
  npm run backup -- --without-event-log
for the PostgreSQL side (accounts, settings, their audit trail, job history).`;

/** `npm run backup [-- --out <file>]`: the event log and what is not derived from it, in one archive. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', short: 'o' },
      'without-event-log': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (config.EVENT_STORE === 'eventstoredb' && !values['without-event-log']) throw new Error(EVENTSTOREDB);
  if (config.EVENT_STORE === 'postgres' && values['without-event-log']) {
    throw new Error(
      '--without-event-log is for EVENT_STORE=eventstoredb: with EVENT_STORE=postgres the event log is in this database, and every backup holds it.',
    );
  }
  const out = values.out ?? defaultBackupPath();
  const database = await databaseFromConfig(config);
  try {
    const where = config.DATABASE_URL
      ? describeDatabase(database.url)
      : `the embedded PostgreSQL in ${resolve(config.DATA_DIR, 'postgres')}`;
    console.log(`Backing up ${where}`);
    const tty = process.stdout.isTTY;
    let shown = 0;
    const result = await createBackup({
      databaseUrl: database.url,
      out,
      eventStore: config.EVENT_STORE,
      onBytes: (bytes) => {
        if (tty && Date.now() - shown > 250) {
          shown = Date.now();
          process.stdout.write(`\r  ${formatBytes(bytes)} dumped`);
        }
      },
    });
    if (tty && shown) process.stdout.write('\r\x1b[K');
    const { manifest } = result;
    const log = manifest.eventLog;
    console.log(`Wrote ${result.file}`);
    console.log(
      `  size:       ${formatBytes(result.bytes)} (mode 0600: it holds password hashes and authenticator secrets)`,
    );
    console.log(
      log
        ? `  event log:  ${log.events} events in ${log.streams} streams, up to position ${log.headPosition ?? '(empty)'}`
        : '  event log:  not included (EventStoreDB: back it up with its own procedure)',
    );
    console.log(
      `  with rows:  ${Object.entries(manifest.tables.withRows)
        .filter(([table]) => !table.startsWith('eventstore.'))
        .map(([table, rows]) => `${table} (${rows})`)
        .join(', ')}`,
    );
    console.log(
      `  shape only: ${manifest.tables.withoutRows.length} tables (read models, rebuilt from the log at restore; sessions; caches)`,
    );
    console.log(`  took:       ${(result.ms / 1000).toFixed(1)} s`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
