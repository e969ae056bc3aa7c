import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, open, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { migrateEventStore, PostgresEventStore } from '@pharmacy/event-store';
import { readDbMigrations, runMigrations } from '@pharmacy/read-db';
import { allProjections } from '@pharmacy/projections';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
  type TestDatabase,
} from '@pharmacy/test-harness';
import { ArchiveWriter, memberStream, readArchive } from '../../apps/api/src/backup/archive';
import { createBackup, type BackupResult } from '../../apps/api/src/backup/backup';
import { readBackup, restoreBackup, RestoreRefused, type RestoreResult } from '../../apps/api/src/backup/restore';
import { KEPT_TABLES, LEFT_OUT_TABLES, projectionTables } from '../../apps/api/src/backup/tables';
import { required } from '../harness/database';
import { databaseUrl, dropDatabase } from '../harness/template';

/**
 * `npm run backup` and `npm run restore` (issue 14), end to end: a backup of a
 * running server's database, restored into a new, empty database; a server
 * started on it answers what the original answered when the backup was made.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

/** A database with nothing in it (not a clone of the migrated template): what a new machine has. */
async function emptyDatabase(): Promise<TestDatabase> {
  const adminUrl = required('TEST_PG_ADMIN_URL');
  const name = `pharmacy_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { url: databaseUrl(adminUrl, name), name, drop: () => dropDatabase(adminUrl, name) };
}

async function query<T extends Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const restore = (url: string, file: string, force = false) =>
  restoreBackup({
    databaseUrl: url,
    file,
    force,
    eventStore: 'postgres',
    openStore: (connectionString) => new PostgresEventStore({ connectionString }),
  });

/** What a server answers about everything the writes touched. */
async function answers(admin: Agent, batchId: string, saleId: string, asOf: string) {
  const get = async (path: string, query: Record<string, string | number> = {}) =>
    (await admin.get(path).query(query).expect(200)).body as unknown;
  const users = (await get('/api/admin/users')) as Array<Record<string, unknown>>;
  return {
    // Signing in sets lastLoginAt: the one thing that differs once the checker has signed in.
    users: users.map(({ lastLoginAt: _lastLoginAt, ...user }) => user),
    settings: await get('/api/settings'),
    pharmacies: await get('/api/pharmacies'),
    products: await get('/api/products'),
    inventory: await get('/api/inventory', { pharmacyId: DOWNTOWN }),
    inventoryAbdoun: await get('/api/inventory', { pharmacyId: ABDOUN }),
    stockOnHand: await get('/api/audit/stock-on-hand', { pharmacyId: DOWNTOWN, asOf }),
    sales: await get('/api/sales', { limit: 500 }),
    sale: await get(`/api/sales/${saleId}`),
    transfers: await get('/api/transfers'),
    auditTrail: await get('/api/audit/events', { limit: 200 }),
    stockCard: await get('/api/audit/stock-card', { batchId }),
  };
}

describe('backup and restore', () => {
  let original: TestApp;
  let restored: TestApp | null = null;
  let target: TestDatabase;
  let dir: string;
  let admin: Agent;
  let backup: BackupResult;
  let result: RestoreResult;
  let before: Awaited<ReturnType<typeof answers>>;
  let batchId: string;
  let saleId: string;
  let productId: string;
  let asOf: string;
  let newcomer: string;
  const newcomerPassword = 'Newcomer#2026';
  const omarPassword = 'Omar-New#2026';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pharmacy-backup-'));
    [original, target] = await Promise.all([startTestApp({ seed: true }), emptyDatabase()]);
    admin = await original.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);

    // Writes through the API: a product, a receipt, a sale, an adjustment, a transfer...
    const sku = unique('BAK');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Backup ${sku}`, price: '4.50' })
        .expect(201)
    ).body as { id: string };
    productId = product.id;
    batchId = (
      (
        await admin
          .post('/api/inventory')
          .send({
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: unique('BAK-LOT'),
            quantity: 20,
            purchasePrice: '2.00',
            expiryDate: isoDaysFromNow(200),
          })
          .expect(201)
      ).body as { id: string }
    ).id;
    saleId = (
      (
        await admin
          .post('/api/sales/complete')
          .send({ cashReceived: '20.00', items: [{ productId: product.id, quantity: 3 }] })
          .expect(201)
      ).body as { id: string }
    ).id;
    await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: -1, reason: 'damaged' })
      .expect(201);
    const transfer = (
      await admin
        .post('/api/transfers')
        .send({ fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [{ productId: product.id, quantity: 2 }] })
        .expect(201)
    ).body as { id: string };
    await admin.post(`/api/transfers/${transfer.id}/approve`).expect(200);
    // ...and changes that are not events: a new account, a password reset, the settings.
    newcomer = unique('newcomer').toLowerCase() + '@pharmacy.example';
    const created = (
      await admin
        .post('/api/auth/register')
        .send({ email: newcomer, firstName: 'New', lastName: 'Comer', password: newcomerPassword, role: 'pharmacist' })
        .expect(201)
    ).body as { userId: string };
    await admin.post(`/api/admin/users/${created.userId}/pharmacies`).send({ pharmacyId: DOWNTOWN }).expect(200);
    const omar = (
      await original.server.runtime.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', demoAccounts.omar.email)
        .executeTakeFirstOrThrow()
    ).id;
    await admin.post(`/api/admin/users/${omar}/reset-password`).send({ newPassword: omarPassword }).expect(200);
    const settings = (await admin.get('/api/settings').expect(200)).body as Record<string, unknown>;
    await admin
      .put('/api/settings')
      .send({ ...settings, currency: 'JOD', lowStockThreshold: 7 })
      .expect(200);

    asOf = new Date().toISOString();
    before = await answers(admin, batchId, saleId, asOf);
    // The server keeps running while the backup is made.
    backup = await createBackup({
      databaseUrl: original.database.url,
      out: join(dir, 'pharmacy.tar'),
      eventStore: 'postgres',
    });
    // A sale after the backup: not in it.
    await admin
      .post('/api/sales/complete')
      .send({ cashReceived: '5.00', items: [{ productId: product.id, quantity: 1 }] })
      .expect(201);
  });

  afterAll(async () => {
    await restored?.stop();
    await original?.stop();
    await target?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one tar archive: the dump of the log and the accounts, and a manifest that agrees with it', async () => {
    const listing = spawnSync('tar', ['-tf', backup.file], { encoding: 'utf8' });
    expect(listing.status).toBe(0);
    expect(listing.stdout.split('\n').filter(Boolean).sort()).toEqual(['manifest.json', 'pharmacy.dump']);
    expect((await stat(backup.file)).mode & 0o777).toBe(0o600);
    expect((await stat(backup.file)).size).toBe(backup.bytes);

    const { manifest } = await readBackup(backup.file);
    expect(manifest).toEqual(backup.manifest);
    const [log] = await query<{ events: string; head: string }>(
      original.database.url,
      'SELECT count(*) AS events, max(position)::text AS head FROM eventstore.events',
    );
    // One event (the later sale) was appended after the backup.
    expect(manifest.eventLog).toMatchObject({
      events: Number(log!.events) - 1,
      headPosition: String(Number(log!.head) - 1),
    });
    expect(manifest.tables.withRows).toMatchObject({
      users: 5,
      system_settings: 1,
      'eventstore.events': manifest.eventLog!.events,
    });
    expect(manifest.tables.withoutRows).toEqual(
      expect.arrayContaining(['sales', 'inventory_batches', 'sessions', 'snapshots']),
    );
    expect(Object.keys(manifest.tables.withRows)).not.toContain('sessions');
  });

  it('decides for every table whether a backup carries its rows', async () => {
    const tables = await query<{ name: string }>(
      original.database.url,
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const derived = projectionTables();
    const undecided = tables
      .map((t) => t.name)
      .filter((t) => !(t in KEPT_TABLES) && !(t in LEFT_OUT_TABLES) && !derived.has(t));
    expect(undecided).toEqual([]);
  });

  it('restores into an empty database: the log as it was, the read models rebuilt and verified', async () => {
    result = await restore(target.url, backup.file);
    expect(result.events).toBe(backup.manifest.eventLog!.events);
    expect(result.projections).toEqual(allProjections.map((p) => p.name));
    expect(result.verification).toMatchObject({ status: 'ok', error: null, eventsReplayed: result.events });

    const columns = 'position, event_id, stream_id, revision, type, data, metadata, occurred_at, recorded_at';
    const [was, is] = await Promise.all([
      query(
        original.database.url,
        `SELECT ${columns} FROM eventstore.events WHERE position <= ${backup.manifest.eventLog!.headPosition} ORDER BY position`,
      ),
      query(target.url, `SELECT ${columns} FROM eventstore.events ORDER BY position`),
    ]);
    expect(is).toEqual(was);
    const audit = 'SELECT * FROM audit_logs ORDER BY id';
    expect(await query(target.url, audit)).toEqual(await query(original.database.url, audit));
    // Nobody is signed in on the restored database; the checkpoints are where the log ends.
    expect(await query(target.url, 'SELECT * FROM sessions')).toEqual([]);
    const checkpoints = await query<{ position: string }>(
      target.url,
      'SELECT DISTINCT commit_position::text AS position FROM projection_checkpoints',
    );
    expect(checkpoints).toEqual([{ position: backup.manifest.eventLog!.headPosition }]);
  });

  it('serves on the restored database what the original served when the backup was made; the same people sign in', async () => {
    restored = await startTestApp({ database: target });
    try {
      const restoredAdmin = await restored.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      await restoredAdmin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
      expect(await answers(restoredAdmin, batchId, saleId, asOf)).toEqual(before);

      await restored.signIn(newcomer, newcomerPassword);
      await restored.signIn(demoAccounts.omar.email, omarPassword);
      await restored.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      // Omar's old password went with the reset, in the backup too.
      const agent = request.agent(restored.baseUrl);
      const asked = await agent.post('/api/auth/login-request').send({ email: demoAccounts.omar.email }).expect(200);
      const otpCode = await restored.latestOtp(demoAccounts.omar.email);
      await agent
        .post('/api/auth/login-verify')
        .send({ userId: asked.body.userId, password: demoAccounts.omar.password, otpCode })
        .expect(401);

      // The restored server goes on from the log's end.
      await restoredAdmin
        .post('/api/sales/complete')
        .send({ cashReceived: '5.00', items: [{ productId, quantity: 1 }] })
        .expect(201);
      const [head] = await query<{ head: string }>(
        target.url,
        'SELECT max(position)::text AS head FROM eventstore.events',
      );
      expect(head!.head).toBe(String(Number(backup.manifest.eventLog!.headPosition) + 1));
    } finally {
      await restored.stop();
      restored = null;
    }
  });

  it('refuses a database that holds data, unless forced; forced, it replaces it', async () => {
    const count = () => query<{ n: string }>(target.url, 'SELECT count(*) AS n FROM eventstore.events');
    const held = await count();
    const refused = await restore(target.url, backup.file).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(
      /already holds data \(\d+ events, 5 accounts, rows in \d+ other tables\)\. A restore replaces everything in it: run it again with --force/,
    );
    expect(await count()).toEqual(held);

    // Forced, with a backup made while sales are made: between the snapshot the manifest counts and
    // pg_dump's start, two sales; the dump is of the snapshot, so it has neither (the restore checks
    // every table's row count against the manifest).
    const logged = 'SELECT count(*)::int AS n FROM eventstore.events';
    const [{ n: first }] = (await query<{ n: number }>(original.database.url, logged)) as [{ n: number }];
    const sell = () =>
      admin
        .post('/api/sales/complete')
        .send({ cashReceived: '5.00', items: [{ productId, quantity: 1 }] })
        .expect(201);
    const busy = await createBackup({
      databaseUrl: original.database.url,
      out: join(dir, 'busy.tar'),
      eventStore: 'postgres',
      afterSnapshot: async () => {
        await sell();
        await sell();
      },
    });
    const [{ n: last }] = (await query<{ n: number }>(original.database.url, logged)) as [{ n: number }];
    expect(busy.manifest.eventLog!.events).toBe(first);
    expect(last).toBe(first + 2);

    const forced = await restore(target.url, busy.file, true);
    expect(forced.verification?.status).toBe('ok');
    expect(await count()).toEqual([{ n: String(busy.manifest.eventLog!.events) }]);
    const columns = 'position, event_id, stream_id, revision, type, data, metadata, occurred_at, recorded_at';
    expect(await query(target.url, `SELECT ${columns} FROM eventstore.events ORDER BY position`)).toEqual(
      await query(
        original.database.url,
        `SELECT ${columns} FROM eventstore.events WHERE position <= ${busy.manifest.eventLog!.headPosition} ORDER BY position`,
      ),
    );
  });

  it('refuses while a server is connected to the database, even forced', async () => {
    const refused = await restore(original.database.url, backup.file, true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/Other programs are connected .*stop every server/);
    await admin.get('/api/sales').expect(200);
  });

  it('refuses a damaged or cut backup before touching the database', async () => {
    const members = await readBackup(backup.file);
    const damaged = join(dir, 'damaged.tar');
    await copyFile(backup.file, damaged);
    const file = await open(damaged, 'r+');
    const at = members.dump.offset + Math.floor(members.dump.size / 2);
    const byte = Buffer.alloc(1);
    await file.read(byte, 0, 1, at);
    await file.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
    await file.close();
    const cut = join(dir, 'cut.tar');
    await copyFile(backup.file, cut);
    await truncate(cut, members.dump.offset + 1000);

    const events = () => query(target.url, 'SELECT count(*) AS n FROM eventstore.events');
    const held = await events();
    await expect(restore(target.url, damaged, true)).rejects.toThrow(
      /is damaged: its database dump is not the one the backup wrote/,
    );
    await expect(restore(target.url, cut, true)).rejects.toThrow(/is cut short/);
    await expect(restore(target.url, join(dir, 'none.tar'), true)).rejects.toThrow(/ENOENT/);
    expect(await events()).toEqual(held);
  });

  it("upgrades an older version's backup with the migrations, and refuses a newer version's", async () => {
    // An older version: every migration but the last.
    const older = await emptyDatabase();
    const into = await emptyDatabase();
    try {
      const names = Object.keys(readDbMigrations);
      const newest = names.at(-1)!;
      await migrateEventStore(older.url);
      await runMigrations(older.url, Object.fromEntries(names.slice(0, -1).map((n) => [n, readDbMigrations[n]!])), {
        tableName: 'read_db_migrations',
      });
      const old = await createBackup({ databaseUrl: older.url, out: join(dir, 'older.tar'), eventStore: 'postgres' });
      expect(old.manifest.migrations.readDb).not.toContain(newest);
      const upgraded = await restore(into.url, old.file);
      expect(upgraded.migrated).toEqual([newest]);
      expect(upgraded.verification?.status).toBe('ok');

      // A newer version: a migration this one does not know.
      const manifest = {
        ...old.manifest,
        migrations: { ...old.manifest.migrations, readDb: [...names, '1999999999999-Future'] },
      };
      const members = await readArchive(old.file);
      const newer = await ArchiveWriter.create(join(dir, 'newer.tar'));
      await newer.addStream('pharmacy.dump', memberStream(old.file, members.get('pharmacy.dump')!));
      await newer.addFile('manifest.json', Buffer.from(JSON.stringify(manifest)));
      await newer.finish();
      await expect(restore(into.url, join(dir, 'newer.tar'), true)).rejects.toThrow(
        /made by a newer version of the product .*1999999999999-Future.* Restore it with that version or a newer one/,
      );
    } finally {
      await older.drop();
      await into.drop();
    }
  });

  it('backs up the PostgreSQL side alone for EventStoreDB, which a restore with EVENT_STORE=postgres refuses', async () => {
    const partial = await createBackup({
      databaseUrl: original.database.url,
      out: join(dir, 'postgres-side.tar'),
      eventStore: 'eventstoredb',
    });
    expect(partial.manifest.eventLog).toBeNull();
    expect(Object.keys(partial.manifest.tables.withRows).filter((t) => t.startsWith('eventstore.'))).toEqual([]);
    expect(partial.manifest.tables.withRows.users).toBe(5);
    await expect(restore(target.url, partial.file, true)).rejects.toThrow(
      /holds no event log: it was made with EVENT_STORE=eventstoredb/,
    );
  });
});
