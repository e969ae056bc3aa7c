import { Client } from 'pg';
import type { VerificationRun } from '@pharmacy/contracts';
import { eventStoreMigrations, migrateEventStore, type EventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, readDbMigrations } from '@pharmacy/read-db';
import { allProjections, rebuildProjections, prepareReadDatabase } from '@pharmacy/projections';
import { runVerification } from '@pharmacy/jobs';
import { memberSha256, memberStream, readArchive, readMember, type ArchiveMember } from './archive';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DUMP_MEMBER,
  MANIFEST_MEMBER,
  manifestSchema,
  type BackupManifest,
} from './manifest';
import { assertToolsFit, clientConnection, describeDatabase, findPostgresTools, runTool } from './pg-tools';

/** A restore that was not started, and why; the target database is untouched. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  databaseUrl: string;
  file: string;
  /** Replace a database that holds data already. */
  force?: boolean;
  /** Where the event log lives: must be where the backup's lives. */
  eventStore: 'postgres' | 'eventstoredb';
  /** The event store the read models are rebuilt from, once the database is restored. */
  openStore(databaseUrl: string): EventStore;
  /** Verify the rebuilt read models against a second replay (default); it takes about as long as the rebuild. */
  verify?: boolean;
  /** A step begins (one line each). */
  onStep?: (message: string) => void;
  /** Progress of the rebuild and of the verification through the log. */
  onReplay?: (phase: 'rebuild' | 'verify', progress: { processed: number; fraction: number }) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Events in the restored log. */
  events: number;
  /** Migrations applied after the load (a backup made by an older version is brought up to date). */
  migrated: string[];
  projections: string[];
  /** Null when skipped (`verify: false`). */
  verification: VerificationRun | null;
  ms: number;
  /** Time of each step, ms. */
  phases: { check: number; load: number; migrate: number; rebuild: number; verify: number };
}

/** Tables that hold only which migrations ran: a migrated, unused database is still empty. */
const BOOKKEEPING = /^public\.(read_db|event_store)_migrations(_lock)?$/;

/** Reads and checks a backup archive: its manifest, and that the dump is whole (size and SHA-256). */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; dump: ArchiveMember }> {
  let members: Map<string, ArchiveMember>;
  try {
    members = await readArchive(file);
  } catch (error) {
    throw new RestoreRefused(error instanceof Error ? error.message : String(error));
  }
  const manifestMember = members.get(MANIFEST_MEMBER);
  const dump = members.get(DUMP_MEMBER);
  if (!manifestMember || !dump) {
    throw new RestoreRefused(
      `${file} is not a backup of this product: it has no ${MANIFEST_MEMBER} and ${DUMP_MEMBER}.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse((await readMember(file, manifestMember)).toString('utf8'));
  } catch {
    throw new RestoreRefused(`${file}: ${MANIFEST_MEMBER} is not JSON (the file is damaged).`);
  }
  if ((raw as { format?: unknown })?.format !== BACKUP_FORMAT) {
    throw new RestoreRefused(`${file} is not a backup of this product (its manifest is not a ${BACKUP_FORMAT}).`);
  }
  if (Number((raw as { formatVersion?: unknown }).formatVersion) > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(
      `${file} was made by a newer version of the product (backup format ${String((raw as { formatVersion?: unknown }).formatVersion)}; this one reads ${BACKUP_FORMAT_VERSION}): restore it with that version or a newer one.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new RestoreRefused(`${file}: its manifest is not valid (${parsed.error.issues[0]?.message}).`);
  const manifest = parsed.data;
  if (dump.size !== manifest.dump.bytes || (await memberSha256(file, dump)) !== manifest.dump.sha256) {
    throw new RestoreRefused(
      `${file} is damaged: its database dump is not the one the backup wrote (size or SHA-256 differs). Nothing was restored.`,
    );
  }
  return { manifest, dump };
}

/** Refuses a backup this version cannot restore, or one made for the other event store. */
function assertRestorable(manifest: BackupManifest, eventStore: 'postgres' | 'eventstoredb'): void {
  const unknown = [
    ...manifest.migrations.eventStore.filter((name) => !(name in eventStoreMigrations)),
    ...manifest.migrations.readDb.filter((name) => !(name in readDbMigrations)),
  ];
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `This backup was made by a newer version of the product (${manifest.app.version}): its database has migrations this version does not know (${unknown.join(', ')}). Restore it with that version or a newer one.`,
    );
  }
  if (manifest.eventStore !== eventStore) {
    throw new RestoreRefused(
      manifest.eventLog === null
        ? 'This backup holds no event log: it was made with EVENT_STORE=eventstoredb, whose log EventStoreDB backs up itself. Restore the EventStoreDB backup first, then this one with EVENT_STORE=eventstoredb and EVENTSTORE_CONNECTION_STRING pointing at it.'
        : `This backup holds an event log kept in PostgreSQL (EVENT_STORE=postgres), and this configuration says EVENT_STORE=${eventStore}: restore it with EVENT_STORE=postgres.`,
    );
  }
}

/** Other sessions on the target: a server running on it would write while it is replaced. */
async function assertNobodyConnected(client: Client, where: string): Promise<void> {
  const { rows } = await client.query<{ app: string; n: string }>(
    `SELECT coalesce(nullif(application_name, ''), 'unnamed') AS app, count(*) AS n
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
      GROUP BY 1 ORDER BY 1`,
  );
  if (rows.length > 0) {
    const who = rows.map((r) => `${r.n} × ${r.app}`).join(', ');
    throw new RestoreRefused(
      `Other programs are connected to the ${where} (${who}): stop every server, projector and worker that uses it (npm start included) and run the restore again.`,
    );
  }
}

/** What the target holds (bookkeeping aside): its events and accounts counted, and how many tables have rows. */
async function dataInTarget(client: Client): Promise<string[]> {
  const tables = await client.query<{ schema: string; name: string }>(
    `SELECT schemaname AS schema, tablename AS name FROM pg_tables
      WHERE schemaname IN ('public', 'eventstore') ORDER BY 1, 2`,
  );
  const found: string[] = [];
  let others = 0;
  for (const { schema, name } of tables.rows) {
    const qualified = `${schema}.${name}`;
    if (BOOKKEEPING.test(qualified)) continue;
    if (qualified === 'eventstore.events' || qualified === 'public.users') {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."${name}"`);
      if (Number(rows[0]!.n) > 0) found.push(`${rows[0]!.n} ${name === 'events' ? 'events' : 'accounts'}`);
      continue;
    }
    const { rows } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM "${schema}"."${name}") AS any`);
    if (rows[0]!.any) others += 1;
  }
  if (others > 0) found.push(`rows in ${others} ${found.length ? 'other ' : ''}table${others === 1 ? '' : 's'}`);
  return found;
}

/**
 * Restores a backup into a database that holds no data (or any, with
 * `force`): drops what is there, loads the dump with pg_restore in one
 * transaction, checks the row counts against the manifest, runs the
 * migrations (a backup made by an older version is upgraded here), rebuilds
 * every read model from the log and verifies them against a second replay.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const step = options.onStep ?? (() => undefined);
  const where = describeDatabase(options.databaseUrl);
  const phases = { check: 0, load: 0, migrate: 0, rebuild: 0, verify: 0 };
  let mark: number;

  step(`Checking ${options.file}`);
  const { manifest, dump } = await readBackup(options.file);
  assertRestorable(manifest, options.eventStore);
  const tools = findPostgresTools();

  const client = new Client({ connectionString: options.databaseUrl, application_name: 'pharmacy-restore' });
  await client.connect();
  try {
    const server = await client.query<{ num: string }>(`SELECT current_setting('server_version_num') AS num`);
    assertToolsFit(tools, Number(server.rows[0]!.num));
    await assertNobodyConnected(client, where);
    const data = await dataInTarget(client);
    if (data.length > 0 && !options.force) {
      throw new RestoreRefused(
        `The ${where} already holds data (${data.join(', ')}). A restore replaces everything in it: run it again with --force to do so, after a backup of it if it may be needed.`,
      );
    }
    if (data.length > 0) step(`Replacing the data of the ${where} (--force)`);
    phases.check = Date.now() - started;

    mark = Date.now();
    step(`Loading ${manifest.eventLog ? `${manifest.eventLog.events} events and ` : ''}the accounts into the ${where}`);
    // Everything a restore makes again: the application's schemas, BullMQ's queue, shadow schemas of a rebuild or verification.
    await client.query('BEGIN');
    const leftovers = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname IN ('public', 'eventstore', 'bullmq') OR nspname ~ '^(rebuild|retired|verify)_'`,
    );
    for (const { name } of leftovers.rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
    throw error;
  }

  try {
    const { dbname, env } = clientConnection(options.databaseUrl);
    const load = runTool(
      tools.pgRestore,
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`],
      env,
      memberStream(options.file, dump),
    );
    load.stdout.resume();
    await load.done.catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nNothing was loaded: the ${where} is left empty.`,
      );
    });
    // What was loaded is what was dumped: every carried table has its row count.
    for (const [table, expected] of Object.entries(manifest.tables.withRows)) {
      const qualified = table.includes('.') ? table.replace('.', '"."') : `public"."${table}`;
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${qualified}"`);
      if (Number(rows[0]!.n) !== expected) {
        throw new Error(`${table} holds ${rows[0]!.n} rows after the load; the backup has ${expected}.`);
      }
    }
    // pg_restore leaves the planner without statistics: the replays below read the log by position.
    await client.query('ANALYZE');
  } finally {
    await client.end().catch(() => undefined);
  }
  phases.load = Date.now() - mark;

  mark = Date.now();
  step('Running the migrations');
  const migrated = [
    ...(options.eventStore === 'postgres' ? await migrateEventStore(options.databaseUrl) : []),
    ...(await prepareReadDatabase(options.databaseUrl)),
  ];
  phases.migrate = Date.now() - mark;

  const store = options.openStore(options.databaseUrl);
  const db = createReadDb(createPool(options.databaseUrl));
  try {
    mark = Date.now();
    step(`Rebuilding ${allProjections.length} read models from the log`);
    const rebuilt = await rebuildProjections(store, db, allProjections, {
      onProgress: (progress) => {
        if (progress.phase === 'replay') options.onReplay?.('rebuild', progress);
      },
    });
    phases.rebuild = Date.now() - mark;

    let verification: VerificationRun | null = null;
    if (options.verify ?? true) {
      mark = Date.now();
      step('Verifying the read models against a second replay of the log');
      verification = await runVerification(db, store, 'restore', (progress) => options.onReplay?.('verify', progress));
      phases.verify = Date.now() - mark;
    }
    return {
      manifest,
      events: rebuilt.events,
      migrated,
      projections: rebuilt.projections,
      verification,
      ms: Date.now() - started,
      phases,
    };
  } finally {
    await store.close();
    await db.destroy();
  }
}
