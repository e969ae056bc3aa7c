import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { readSystemSettings } from '@pharmacy/read-db';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/**
 * Issue 28, bodies and numbers: what a request says is what it means. An
 * unknown field is refused, not dropped (one of them returned a whole sale);
 * a number is a JSON number; a blank count is not zero; an offline sale is
 * dated within bounds; a key used at one pharmacy is refused at another; a
 * pharmacy edit names the version it was made on.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;
const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe('strict requests (issue 28)', () => {
  let app: TestApp;
  let admin: Agent;
  let omar: Agent;
  let tillRun = 0;

  const totalEvents = async () =>
    Number(
      (await app.server.runtime.pool.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events')).rows[0]!.n,
    );

  async function stocked(packs: number, pharmacyId = DOWNTOWN) {
    const sku = unique('STR');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Strict ${sku}`, price: '5.00', unitsPerPackage: 10 })
        .expect(201)
    ).body as { id: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId,
          batchNumber: unique('STR-LOT'),
          quantity: packs,
          expiryDate: isoDaysFromNow(200),
          effectiveAt: hoursAgo(24 * 30),
        })
        .expect(201)
    ).body as { id: string };
    return { productId: product.id, batchId: batch.id };
  }
  const packsOf = async (batchId: string) => {
    await app.readModelsCaughtUp();
    return (
      await app.server.runtime.db
        .selectFrom('inventoryBatches')
        .select('quantity')
        .where('id', '=', batchId)
        .executeTakeFirstOrThrow()
    ).quantity;
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  describe('unknown fields', () => {
    it('refuses a return whose lines are misspelt, naming the field, instead of returning the whole sale', async () => {
      const { productId, batchId } = await stocked(10);
      const sale = (
        await admin
          .post('/api/sales/complete')
          .send({ cashReceived: '50.00', items: [{ productId, quantity: 3 }] })
          .expect(201)
      ).body as { id: string };
      const before = await totalEvents();
      const misspelt = await admin
        .post(`/api/sales/${sale.id}/returns`)
        .send({ reason: 'Wrong strength', items: [{ lineIndex: 0, quantity: 1 }] })
        .expect(400);
      expect(misspelt.body.message).toMatch(/Unknown field\(s\) items/);
      const silent = await admin.post(`/api/sales/${sale.id}/returns`).send({ reason: 'Wrong strength' }).expect(400);
      expect(silent.body.errors[0].field).toBe('lines');
      expect(await totalEvents()).toBe(before);
      expect(await packsOf(batchId)).toBe(7);

      const one = await admin
        .post(`/api/sales/${sale.id}/returns`)
        .send({ reason: 'Wrong strength', lines: [{ lineIndex: 0, quantity: 1 }] })
        .expect(201);
      expect(one.body.lines).toEqual([expect.objectContaining({ lineIndex: 0, quantity: 1 })]);
      await admin
        .post(`/api/sales/${sale.id}/returns`)
        .send({ reason: 'Both', lines: [{ lineIndex: 0, quantity: 1 }], all: true })
        .expect(400);
      const rest = await admin
        .post(`/api/sales/${sale.id}/returns`)
        .send({ reason: 'All of it', all: true })
        .expect(201);
      expect(rest.body.lines).toEqual([expect.objectContaining({ lineIndex: 0, quantity: 2 })]);
      expect(await packsOf(batchId)).toBe(10);
    });

    it('refuses an unknown field at any depth of a body, and nothing is written', async () => {
      const { productId } = await stocked(5);
      const before = await totalEvents();
      const top = await admin
        .post('/api/sales/complete')
        .send({ cashReceived: '50.00', items: [{ productId, quantity: 1 }], discount: '100%' })
        .expect(400);
      expect(top.body.message).toBe('Unknown field(s) discount: remove them');
      const nested = await admin
        .post('/api/sales/complete')
        .send({ cashReceived: '50.00', items: [{ productId, quantity: 1, unitPrice: '0.01' }] })
        .expect(400);
      expect(nested.body.errors[0]).toEqual({ field: 'items.0', message: 'Unknown field(s) unitPrice: remove them' });
      expect(await totalEvents()).toBe(before);
    });

    it('keeps stored settings that carry a key this server does not know, instead of resetting them', async () => {
      await admin
        .put('/api/settings')
        .send({
          lowStockThreshold: 7,
          expiryWarningDays: 45,
          autoLogoutMinutes: 60,
          enableNotifications: true,
          enableSoundAlerts: false,
          enableEmailAlerts: false,
          currency: 'SAR',
          language: 'en',
          theme: 'system',
        })
        .expect(200);
      await app.server.runtime.db
        .updateTable('systemSettings')
        .set({ settings: sql`settings || '{"retiredSetting": true}'::jsonb` })
        .where('id', '=', 1)
        .execute();
      // As a server starting on this database reads them (the running one answers from its cache).
      const read = await readSystemSettings(app.server.runtime.db);
      expect(read).toMatchObject({ lowStockThreshold: 7, expiryWarningDays: 45, currency: 'SAR' });
      expect(read).not.toHaveProperty('retiredSetting');
    });

    it("still takes the chat's context rows, which the specification's page sends", async () => {
      await admin
        .post('/api/chat/pharmacist')
        .send({
          message: 'Hello',
          context: {
            totalProducts: 3,
            lowStockItems: 1,
            recentInventory: [{ id: 'x', productId: 'y', quantity: 4, anything: { nested: true } }],
            userRole: 'admin',
          },
        })
        .expect(200);
    });
  });

  describe('numbers', () => {
    it.each([
      ['true', true],
      ['a list', [2]],
      ['hexadecimal text', '0x2'],
      ['exponent text', '1e0'],
      ['text', '2'],
      ['empty text', ''],
      ['minus zero', -0],
      ['null', null],
    ])('refuses a sale quantity of %s and sells nothing', async (_, quantity) => {
      const { productId, batchId } = await stocked(5);
      const before = await totalEvents();
      const refused = await admin
        .post('/api/sales/complete')
        .send({ cashReceived: '50.00', items: [{ productId, quantity }] })
        .expect(400);
      expect(refused.body.errors[0].field).toBe('items.0.quantity');
      expect(await totalEvents()).toBe(before);
      expect(await packsOf(batchId)).toBe(5);
    });

    it('takes money as a plain decimal (text or number) and nothing else', async () => {
      const { productId } = await stocked(5);
      for (const cashReceived of ['1e2', '0x10', true, ['50.00'], '50,00', ' ']) {
        await admin
          .post('/api/sales/complete')
          .send({ cashReceived, items: [{ productId, quantity: 1 }] })
          .expect(400);
      }
      await admin
        .post('/api/sales/complete')
        .send({ cashReceived: '50.00', items: [{ productId, quantity: 1 }] })
        .expect(201);
    });
  });

  it('refuses a blank count instead of recording 0, and posting leaves the batch as it was', async () => {
    const categoryId = (
      (
        await admin
          .post('/api/categories')
          .send({ name: unique('Blank count') })
          .expect(201)
      ).body as { id: string }
    ).id;
    const sku = unique('BLANK');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Blank ${sku}`, price: '3.00', categoryId })
        .expect(201)
    ).body as { id: string };
    const batchId = (
      (
        await admin
          .post('/api/inventory')
          .send({
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: unique('BL'),
            quantity: 8,
            expiryDate: isoDaysFromNow(100),
          })
          .expect(201)
      ).body as { id: string }
    ).id;
    const count = (await admin.post('/api/stock-counts').send({ pharmacyId: DOWNTOWN, categoryId }).expect(201))
      .body as { id: string };
    for (const counted of ['', '   ', null]) {
      const refused = await admin
        .put(`/api/stock-counts/${count.id}/counts`)
        .send({ counts: [{ batchId, counted }] })
        .expect(400);
      expect(refused.body.errors[0].field).toBe('counts.0.counted');
    }
    const posted = (await admin.post(`/api/stock-counts/${count.id}/post`).expect(200)).body as {
      lines: Array<{ batchId: string; counted: number | null; currentQuantity: number }>;
    };
    expect(posted.lines.find((l) => l.batchId === batchId)).toMatchObject({ counted: null, currentQuantity: 8 });
    expect(await packsOf(batchId)).toBe(8);
  });

  describe('offline sales are dated within bounds', () => {
    const offlineSale = (productId: string, extra: Record<string, unknown>) => ({
      pharmacyId: DOWNTOWN,
      soldAt: hoursAgo(1),
      offlineNumber: `S9T8-${String(++tillRun).padStart(4, '0')}`,
      catalogueAsOf: hoursAgo(2),
      cashReceived: '100.00',
      items: [{ productId, quantity: 1, salesUnit: 'whole' }],
      ...extra,
    });

    it.each([
      [
        'sold in 1970',
        { soldAt: '1970-01-02T10:00:00Z', catalogueAsOf: '1970-01-01T10:00:00Z' },
        'OFFLINE_SALE_TOO_OLD',
      ],
      ['priced from a catalogue of 2999', { catalogueAsOf: '2999-01-01T00:00:00Z' }, 'VALIDATION_FAILED'],
      ['sold before the catalogue it was priced from', { catalogueAsOf: hoursAgo(0.5) }, 'VALIDATION_FAILED'],
    ])('refuses a sale %s, writing nothing', async (_, dates, code) => {
      const { productId, batchId } = await stocked(5);
      const before = await totalEvents();
      const refused = await admin
        .post('/api/sales/offline')
        .set('Idempotency-Key', unique('till'))
        .send(offlineSale(productId, dates));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.code).toBe(code);
      expect(refused.body.message).toBeTruthy();
      expect(await totalEvents()).toBe(before);
      expect(await packsOf(batchId)).toBe(5);
    });

    it('takes a sale three days old, and answers its retry from the first even past the window', async () => {
      const { productId, batchId } = await stocked(5);
      const key = unique('till');
      const body = offlineSale(productId, { soldAt: hoursAgo(70), catalogueAsOf: hoursAgo(71) });
      const first = await admin.post('/api/sales/offline').set('Idempotency-Key', key).send(body).expect(201);
      const windowShut = await startTestApp({ database: app.database, env: { OFFLINE_SALE_MAX_AGE_HOURS: '24' } });
      try {
        const agent = await windowShut.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
        const retried = await agent.post('/api/sales/offline').set('Idempotency-Key', key).send(body).expect(201);
        expect(retried.body.id).toBe(first.body.id);
        const late = await agent
          .post('/api/sales/offline')
          .set('Idempotency-Key', unique('till'))
          .send({ ...body, offlineNumber: 'S9T8-9999' })
          .expect(422);
        expect(late.body.code).toBe('OFFLINE_SALE_TOO_OLD');
      } finally {
        await windowShut.stop();
      }
      expect(await packsOf(batchId)).toBe(4);
    });
  });

  describe('an Idempotency-Key used at one pharmacy, then at another', () => {
    it('refuses a checkout with 422 IDEMPOTENCY_KEY_REUSED, writing nothing', async () => {
      const atDowntown = await stocked(5, DOWNTOWN);
      const atAbdoun = await stocked(5, ABDOUN);
      const key = unique('key');
      await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
      await omar
        .post('/api/sales/complete')
        .set('Idempotency-Key', key)
        .send({ cashReceived: '50.00', items: [{ productId: atDowntown.productId, quantity: 1 }] })
        .expect(201);
      await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
      const before = await totalEvents();
      const reused = await omar
        .post('/api/sales/complete')
        .set('Idempotency-Key', key)
        .send({ cashReceived: '50.00', items: [{ productId: atAbdoun.productId, quantity: 1 }] })
        .expect(422);
      expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await totalEvents()).toBe(before);
      expect(await packsOf(atAbdoun.batchId)).toBe(5);
    });

    it('refuses an offline sale and a transfer the same way', async () => {
      const atDowntown = await stocked(5, DOWNTOWN);
      const atAbdoun = await stocked(5, ABDOUN);
      const saleKey = unique('key');
      const sale = (pharmacyId: string, productId: string) => ({
        pharmacyId,
        soldAt: hoursAgo(1),
        offlineNumber: `R2D2-${String(++tillRun).padStart(4, '0')}`,
        catalogueAsOf: hoursAgo(2),
        cashReceived: '100.00',
        items: [{ productId, quantity: 1 }],
      });
      await admin
        .post('/api/sales/offline')
        .set('Idempotency-Key', saleKey)
        .send(sale(DOWNTOWN, atDowntown.productId))
        .expect(201);
      const before = await totalEvents();
      const reusedSale = await admin
        .post('/api/sales/offline')
        .set('Idempotency-Key', saleKey)
        .send(sale(ABDOUN, atAbdoun.productId))
        .expect(422);
      expect(reusedSale.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

      const transferKey = unique('key');
      await admin
        .post('/api/transfers')
        .set('Idempotency-Key', transferKey)
        .send({
          fromPharmacyId: DOWNTOWN,
          toPharmacyId: ABDOUN,
          items: [{ productId: atDowntown.productId, quantity: 1 }],
        })
        .expect(201);
      const afterTransfer = await totalEvents();
      const reusedTransfer = await admin
        .post('/api/transfers')
        .set('Idempotency-Key', transferKey)
        .send({
          fromPharmacyId: ABDOUN,
          toPharmacyId: DOWNTOWN,
          items: [{ productId: atAbdoun.productId, quantity: 1 }],
        })
        .expect(422);
      expect(reusedTransfer.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await totalEvents()).toBe(afterTransfer);
      expect(afterTransfer).toBeGreaterThan(before);
      expect(await packsOf(atAbdoun.batchId)).toBe(5);
    });
  });

  it('versions pharmacy edits: of two edits made on one version, one wins and the other gets 409 with the current one', async () => {
    const created = (
      await admin
        .post('/api/pharmacies')
        .send({ name: unique('Versioned'), address: 'Street 1' })
        .expect(201)
    ).body as { id: string; version: number; name: string };
    expect(created.version).toBe(1);
    const edit = (address: string) =>
      admin.put(`/api/pharmacies/${created.id}`).send({ name: created.name, address, version: created.version });
    const answers = await Promise.all([edit('Street 2'), edit('Street 3')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const stale = answers.find((a) => a.status === 409)!;
    const winner = answers.find((a) => a.status === 200)!;
    expect(stale.body.code).toBe('STALE_EDIT');
    expect(stale.body.current).toMatchObject({ id: created.id, version: 2, address: winner.body.address });
    const listed = (await admin.get('/api/pharmacies').expect(200)).body as Array<{ id: string; version: number }>;
    expect(listed.find((p) => p.id === created.id)?.version).toBe(2);
    // An If-Match header says the same; a client that says nothing is not checked.
    await admin
      .put(`/api/pharmacies/${created.id}`)
      .set('If-Match', '"1"')
      .send({ name: created.name, address: 'Street 4' })
      .expect(409);
    await admin.put(`/api/pharmacies/${created.id}`).send({ name: created.name, address: 'Street 5' }).expect(200);
  });
});
