import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseEventData, stockStreamId } from '@pharmacy/domain';
import { migrateEventStore, PostgresEventStore } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '@pharmacy/test-harness';
import { sendExpiryDigest } from './expiry-digest';
import { lastExpiryScan } from './expiry-scan';
import { lastVerification } from './verify-projections';
import type { OutgoingMail } from '@pharmacy/mail';
import { startWorker, type RunningWorker } from './worker';

const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const quiet = { info: () => undefined, error: () => undefined };

async function seed(db: ReadDb) {
  const now = new Date();
  const [north, south] = [randomUUID(), randomUUID()];
  for (const [id, name] of [
    [north, 'North Pharmacy'],
    [south, 'South Pharmacy'],
  ] as const) {
    await db
      .insertInto('pharmacies')
      .values({
        id,
        name,
        nameAr: null,
        address: 'x',
        addressAr: null,
        phone: null,
        email: null,
        managerId: null,
        isActive: true,
        createdAt: now,
        updatedAt: now,
        revision: '0',
      })
      .execute();
  }
  const productId = randomUUID();
  await db
    .insertInto('products')
    .values({
      id: productId,
      sku: 'P-1',
      barcode: null,
      name: 'Amoxil 500 mg',
      nameAr: null,
      description: null,
      descriptionAr: null,
      brand: null,
      genericName: null,
      genericNameAr: null,
      categoryId: null,
      supplierId: null,
      price: '3.00',
      cost: null,
      salesUnit: 'whole',
      unitsPerPackage: 1,
      commissionRate: '0.00',
      commissionEnabled: false,
      minStockLevel: 10,
      maxStockLevel: 100,
      requiresPrescription: true,
      isActive: true,
      searchText: 'amoxil',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const batch = (pharmacyId: string, batchNumber: string, expiryDate: string, quantity: number) => ({
    id: randomUUID(),
    productId,
    pharmacyId,
    batchNumber,
    quantity,
    purchasePrice: null,
    expiryDate,
    receivedDate: today,
    supplierId: null,
    isActive: true,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('inventoryBatches')
    .values([
      batch(north, 'N-SOON', inDays(5), 12),
      batch(north, 'N-GONE', inDays(-3), 4),
      batch(north, 'N-EMPTY', inDays(2), 0),
      batch(south, 'S-SOON', inDays(20), 7),
      batch(south, 'S-LATER', inDays(200), 9),
    ])
    .execute();
  const user = (email: string, role: 'admin' | 'pharmacist') => ({
    id: randomUUID(),
    email,
    role,
    passwordHash: 'x',
    firstName: null,
    lastName: null,
  });
  const admin = user('boss@test.example', 'admin');
  const pharmacist = user('north@test.example', 'pharmacist');
  const idle = user('nowhere@test.example', 'pharmacist');
  await db.insertInto('users').values([admin, pharmacist, idle]).execute();
  await db.insertInto('userPharmacies').values({ userId: pharmacist.id, pharmacyId: north }).execute();
}

async function emailAlerts(db: ReadDb, on: boolean) {
  await db
    .insertInto('systemSettings')
    .values({ id: 1, settings: JSON.stringify({ enableEmailAlerts: on, expiryWarningDays: 30 }), updatedBy: null })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ settings: JSON.stringify({ enableEmailAlerts: on, expiryWarningDays: 30 }) }),
    )
    .execute();
}

/** The workers that did start: each is closed, whatever happened to the others. */
const started = (starting: Array<PromiseSettledResult<RunningWorker>>): RunningWorker[] =>
  starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));

describe('worker: the daily expiry e-mail', () => {
  let database: TestDatabase;
  let db: ReadDb;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url));
    await migrateEventStore(database.url);
    store = new PostgresEventStore({ connectionString: database.url });
    await seed(db);
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('sends nothing while e-mail alerts are off', async () => {
    await emailAlerts(db, false);
    const outbox: OutgoingMail[] = [];
    expect(await sendExpiryDigest(db, { send: async (m) => void outbox.push(m) }, today)).toEqual({
      status: 'disabled',
      recipients: 0,
      batches: 0,
    });
    expect(outbox).toEqual([]);
  });

  it.each([
    ['Redis', () => testRedisUrl()],
    ['PostgreSQL', () => undefined],
  ])(
    'runs as a BullMQ job on %s: each user gets the batches of their pharmacies',
    async (_backend, redisUrl) => {
      await emailAlerts(db, true);
      const outbox: OutgoingMail[] = [];
      const worker = await startWorker({
        db,
        store,
        mail: { send: async (m) => void outbox.push(m) },
        databaseUrl: database.url,
        timeZone: 'UTC',
        logger: quiet,
        ...(redisUrl() ? { redisUrl: redisUrl()! } : {}),
      });
      try {
        await worker.runNow('expiry-digest');
        const deadline = Date.now() + 20_000;
        while (outbox.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      } finally {
        await worker.close();
      }
      const to = (email: string) => outbox.find((m) => m.to === email)?.text ?? '';
      expect(outbox.map((m) => m.to).sort()).toEqual(['boss@test.example', 'north@test.example']);
      expect(to('boss@test.example')).toMatch(/N-SOON[\s\S]*S-SOON|S-SOON[\s\S]*N-SOON/);
      expect(to('boss@test.example')).toContain('N-GONE');
      expect(to('north@test.example')).toContain('N-SOON');
      expect(to('north@test.example')).not.toContain('S-SOON');
      for (const text of [to('boss@test.example'), to('north@test.example')]) {
        expect(text).not.toContain('N-EMPTY');
        expect(text).not.toContain('S-LATER');
      }
    },
    60_000,
  );

  /** A worker that sends no mail, on Redis when given its URL, else on PostgreSQL. */
  const quietWorker = (redisUrl?: string) => ({
    db,
    store,
    mail: { send: async () => undefined },
    databaseUrl: database.url,
    timeZone: 'UTC',
    logger: quiet,
    ...(redisUrl ? { redisUrl } : {}),
  });

  it('starts when several processes start at once and upsert the same schedulers on PostgreSQL', async () => {
    const options = quietWorker();
    for (let round = 0; round < 8; round += 1) {
      const starting = await Promise.allSettled([1, 2, 3, 4].map(() => startWorker(options)));
      await Promise.all(started(starting).map((worker) => worker.close()));
      expect(starting.filter((s) => s.status === 'rejected')).toEqual([]);
    }
  }, 60_000);

  it.each([
    ['Redis', () => testRedisUrl()],
    ['PostgreSQL', () => undefined],
  ])(
    'records each expired batch once when two workers on %s run the expiry scan at the same time',
    async (_backend, redisUrl) => {
      const pharmacy = await db.selectFrom('pharmacies').select('id').orderBy('name').executeTakeFirstOrThrow();
      const productId = randomUUID();
      const batch = (expiryDate: string) => {
        const batchId = randomUUID();
        return {
          batchId,
          event: {
            id: randomUUID(),
            type: 'BatchReceived',
            data: parseEventData('BatchReceived', {
              pharmacyId: pharmacy.id,
              batchId,
              productId,
              batchNumber: `SCAN-${batchId.slice(0, 6)}`,
              quantity: 4,
              purchasePrice: null,
              expiryDate,
              receivedDate: inDays(-200),
              supplierId: null,
            }),
            metadata: {
              userId: null,
              pharmacyId: pharmacy.id,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
            },
          },
        };
      };
      // Expired yesterday and a week ago (a missed day is caught up), and one still good.
      const received = [batch(inDays(-1)), batch(inDays(-7)), batch(inDays(30))];
      await store.append(
        stockStreamId(pharmacy.id),
        received.map((r) => r.event),
        'any',
      );
      const runsBefore = await db
        .selectFrom('jobRuns')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const options = quietWorker(redisUrl());
      // Three processes starting at once upsert the same schedulers (a race BullMQ's PostgreSQL backend reports).
      const starting = await Promise.allSettled([startWorker(options), startWorker(options), startWorker(options)]);
      const running = started(starting);
      const [first, second] = running;
      try {
        expect(starting.filter((s) => s.status === 'rejected')).toEqual([]);
        await Promise.all([first!.runNow('expiry-scan'), second!.runNow('expiry-scan'), first!.runNow('expiry-scan')]);
        const deadline = Date.now() + 20_000;
        const runs = async () =>
          Number(
            (
              await db
                .selectFrom('jobRuns')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ) - Number(runsBefore.n);
        while ((await runs()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(await runs()).toBe(3);
      } finally {
        await Promise.all(running.map((worker) => worker.close()));
      }
      const expired = (await store.readStream(stockStreamId(pharmacy.id)))
        .filter((e) => e.type === 'BatchExpired')
        .map((e) => (e.data as { batchId: string }).batchId);
      expect(expired.filter((id) => id === received[0]!.batchId)).toHaveLength(1);
      expect(expired.filter((id) => id === received[1]!.batchId)).toHaveLength(1);
      expect(expired).not.toContain(received[2]!.batchId);
      expect(await lastExpiryScan(db)).toMatchObject({ today, trigger: 'schedule' });
    },
    60_000,
  );
});

describe('worker: the nightly verification of the read models', () => {
  let database: TestDatabase;
  let db: ReadDb;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url));
    await migrateEventStore(database.url);
    store = new PostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('runs as a BullMQ job on Redis and finds a row no event explains', async () => {
    // Pharmacies, products and batches written behind the projections' back: the log has no event for them.
    await seed(db);
    const worker = await startWorker({
      db,
      store,
      mail: { send: async () => undefined },
      databaseUrl: database.url,
      timeZone: 'UTC',
      logger: quiet,
      redisUrl: testRedisUrl(),
    });
    try {
      await worker.runNow('projections-verify');
      const deadline = Date.now() + 30_000;
      while ((await lastVerification(db)).status === 'never' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.close();
    }
    const run = await lastVerification(db);
    expect(run).toMatchObject({ status: 'differences', trigger: 'schedule', error: null });
    expect(run.tables.find((t) => t.table === 'pharmacies')).toMatchObject({ unexpected: 2, missing: 0 });
    // Every difference is a live row the replay does not have; nothing the log says is missing.
    expect(run.tables.every((t) => t.missing === 0)).toBe(true);
    expect(run.tables.filter((t) => t.unexpected > 0).map((t) => t.table)).toEqual(
      expect.arrayContaining(['pharmacies', 'products', 'inventory_batches']),
    );
  }, 60_000);
});
