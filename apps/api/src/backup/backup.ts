import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Client } from 'pg';
import { ArchiveWriter } from './archive';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DUMP_MEMBER,
  MANIFEST_MEMBER,
  type BackupManifest,
} from './manifest';
import { assertToolsFit, clientConnection, findPostgresTools, runTool } from './pg-tools';
import { BACKUP_SCHEMAS, tablesWithoutRows } from './tables';

export interface BackupOptions {
  databaseUrl: string;
  /** The archive to write; must not exist. */
  out: string;
  /** Where the event log lives: with EventStoreDB only the PostgreSQL side is backed up (see docs/operations.md). */
  eventStore: 'postgres' | 'eventstoredb';
  /** Bytes of the dump written so far. */
  onBytes?: (bytes: number) => void;
  /** Called once the snapshot is taken and counted, before pg_dump starts (tests write here: the dump must not see it). */
  afterSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  file: string;
  /** Size of the archive. */
  bytes: number;
  manifest: BackupManifest;
  ms: number;
}

/** The default archive name: backups/pharmacy-2026-05-01T02-30-00Z.tar. */
export function defaultBackupPath(now = new Date()): string {
  return `backups/pharmacy-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar`;
}

/**
 * One consistent backup: a read-only REPEATABLE READ transaction exports its
 * snapshot, the manifest's counts are read in it, and pg_dump dumps the same
 * snapshot (`--snapshot`), so the event log, the accounts and the manifest
 * agree to the transaction, however busy the server is meanwhile. The archive
 * is written under a temporary name and renamed when complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const tools = findPostgresTools();
  const file = resolve(options.out);
  if (existsSync(file)) throw new Error(`${file} exists already: name another file with --out.`);
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await rm(partial, { force: true });

  const client = new Client({ connectionString: options.databaseUrl, application_name: 'pharmacy-backup' });
  await client.connect();
  let archive: ArchiveWriter | null = null;
  try {
    const server = await client.query<{ num: string; version: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`,
    );
    assertToolsFit(tools, Number(server.rows[0]!.num));
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;

    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1, 2`,
      [[...BACKUP_SCHEMAS]],
    );
    const publicTables = tables.rows.filter((t) => t.schema === 'public').map((t) => t.name);
    const has = (schema: string, name: string) => tables.rows.some((t) => t.schema === schema && t.name === name);
    if (!has('public', 'users') || !has('public', 'read_db_migrations')) {
      throw new Error(
        'This database has not been set up (no users table): there is nothing to back up. Is DATABASE_URL the right database?',
      );
    }
    const withLog = options.eventStore === 'postgres';
    if (withLog && !has('eventstore', 'events')) {
      throw new Error(
        'This database has no event log (eventstore.events): with EVENT_STORE=postgres it should. Is DATABASE_URL the right database?',
      );
    }

    const withoutRows = tablesWithoutRows(publicTables);
    const withRows: Record<string, number> = {};
    for (const table of publicTables.filter((t) => !withoutRows.includes(t))) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM public."${table}"`);
      withRows[table] = Number(rows[0]!.n);
    }
    let eventLog: BackupManifest['eventLog'] = null;
    if (withLog) {
      const { rows } = await client.query<{ events: string; head: string | null; streams: string }>(
        `SELECT (SELECT count(*) FROM eventstore.events) AS events,
                (SELECT max(position) FROM eventstore.events)::text AS head,
                (SELECT count(*) FROM eventstore.streams) AS streams`,
      );
      eventLog = { events: Number(rows[0]!.events), streams: Number(rows[0]!.streams), headPosition: rows[0]!.head };
      for (const table of ['events', 'streams']) withRows[`eventstore.${table}`] = Number(rows[0]![table as 'events']);
    }
    const applied = async (table: string) =>
      has('public', table)
        ? (await client.query<{ name: string }>(`SELECT name FROM public."${table}" ORDER BY name`)).rows.map(
            (r) => r.name,
          )
        : [];
    const migrations = {
      eventStore: await applied('event_store_migrations'),
      readDb: await applied('read_db_migrations'),
    };

    await options.afterSnapshot?.();
    const { dbname, env } = clientConnection(options.databaseUrl);
    const args = [
      '--format=custom',
      `--snapshot=${snapshot}`,
      '--no-owner',
      '--no-privileges',
      '--schema=public',
      ...(withLog ? ['--schema=eventstore'] : []),
      '--extension=*',
      ...withoutRows.map((table) => `--exclude-table-data=public."${table}"`),
      `--dbname=${dbname}`,
    ];
    archive = await ArchiveWriter.create(partial);
    const dump = runTool(tools.pgDump, args, env);
    // Whichever fails first: the copy (disk full) or pg_dump; a failed copy stops pg_dump.
    const copied = await archive.addStream(DUMP_MEMBER, dump.stdout, options.onBytes).catch(async (error: unknown) => {
      dump.stdout.destroy();
      await dump.done.catch(() => undefined);
      throw error;
    });
    await dump.done;
    await client.query('COMMIT');

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      app: appVersion(),
      postgres: { server: server.rows[0]!.version, pgDump: tools.version },
      eventStore: options.eventStore,
      eventLog,
      migrations,
      tables: { withRows, withoutRows },
      dump: { member: DUMP_MEMBER, bytes: copied.bytes, sha256: copied.sha256 },
    };
    await archive.addFile(MANIFEST_MEMBER, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    const bytes = await archive.finish();
    archive = null;
    try {
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { file, bytes, manifest, ms: Date.now() - started };
  } finally {
    await archive?.abort();
    await client.end().catch(() => undefined);
  }
}
