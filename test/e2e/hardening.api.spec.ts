import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import request from 'supertest';
import {
  FaultyStore,
  demoAccounts,
  startTestApp,
  type TestApp,
  demoPharmacyIds,
  isoDaysFromNow,
  unique,
} from '@pharmacy/test-harness';

const { downtown: DOWNTOWN, abdoun: ABDOUN, irbid: IRBID } = demoPharmacyIds;

/**
 * The findings of the hostile test of the foundation (issue 7), one test each,
 * through HTTP against the real server and PostgreSQL.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const WAIT_MS = 400;
/** A call made while a read table is held locked: today's code could wait on the lock for ever. */
const LOCKED_CALL_MS = 5000;

describe('hardening of the foundation (issue 7)', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let faulty: FaultyStore;

  const countEvents = async (type: string, streamPrefix = '') =>
    Number(
      (
        await app.server.runtime.pool.query<{ n: string }>(
          'SELECT count(*) AS n FROM eventstore.events WHERE type = $1 AND stream_id LIKE $2',
          [type, `${streamPrefix}%`],
        )
      ).rows[0]!.n,
    );
  const totalEvents = async () =>
    Number(
      (await app.server.runtime.pool.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events')).rows[0]!.n,
    );

  async function newProduct(overrides: Record<string, unknown> = {}) {
    const sku = unique('HRD');
    return (
      await admin
        .post('/api/products')
        .send({ sku, name: `Hardening ${sku}`, price: '4.00', unitsPerPackage: 10, ...overrides })
        .expect(201)
    ).body as { id: string; sku: string; version: number };
  }

  async function receive(productId: string, pharmacyId: string, quantity: number, batchNumber = unique('B')) {
    return (
      await admin
        .post('/api/inventory')
        .send({ productId, pharmacyId, batchNumber, quantity, purchasePrice: '1.10', expiryDate: isoDaysFromNow(200) })
        .expect(201)
    ).body as { id: string; quantity: number; version: number; batchNumber: string };
  }

  /**
   * Holds a read table locked, so the projector cannot advance past events
   * that write to it; `readable` lets readers in (EXCLUSIVE blocks writes only).
   */
  async function holdTable(table: string, readable = false): Promise<() => Promise<void>> {
    const client = new Client({ connectionString: app.database.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN ${readable ? 'EXCLUSIVE' : 'ACCESS EXCLUSIVE'} MODE`);
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }

  beforeAll(async () => {
    app = await startTestApp({
      seed: true,
      env: { PROJECTION_WAIT_MS: String(WAIT_MS) },
      decorateStore: (store) => {
        faulty = new FaultyStore(store);
        return faulty.wrap();
      },
    });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  describe('1. history is scoped like the lists it belongs to', () => {
    it("does not show a pharmacist another pharmacy's receipts in a product's history", async () => {
      const product = await newProduct();
      await receive(product.id, ABDOUN, 30);
      await receive(product.id, DOWNTOWN, 5);
      const adminHistory = (await admin.get(`/api/products/${product.id}/history`).expect(200)).body as Array<{
        type: string;
        data: { pharmacyId?: string };
      }>;
      expect(adminHistory.filter((h) => h.type === 'BatchReceived')).toHaveLength(2);
      const history = (await layla.get(`/api/products/${product.id}/history`).expect(200)).body as Array<{
        type: string;
        data: { pharmacyId?: string };
      }>;
      expect(history.map((h) => h.type)).toEqual(['ProductRegistered', 'BatchReceived']);
      expect(history.every((h) => h.data.pharmacyId === undefined || h.data.pharmacyId === DOWNTOWN)).toBe(true);
    });
  });

  describe('2. text the database cannot store is refused at the edge', () => {
    const bad = ['a\u0000b', 'a\ud800b', 'x\udc00'];

    it('answers 400 with a field message for NUL or an unpaired surrogate in any write, and appends nothing', async () => {
      const product = await newProduct();
      const batch = await receive(product.id, DOWNTOWN, 3);
      const bodies: Array<[string, string, Record<string, unknown>, string]> = [
        ['post', '/api/categories', { name: 'Cat' }, 'name'],
        ['post', '/api/categories', { name: 'Cat', descriptionAr: 'x' }, 'descriptionAr'],
        ['post', '/api/suppliers', { name: 'Sup', contactPerson: 'x' }, 'contactPerson'],
        ['post', '/api/pharmacies', { name: 'Ph', address: 'Street' }, 'address'],
        ['post', '/api/products', { sku: unique('T'), name: 'Prod', price: '1.00' }, 'name'],
        ['post', '/api/products', { sku: unique('T'), name: 'Prod', price: '1.00' }, 'sku'],
        [
          'post',
          '/api/products',
          { sku: unique('T'), name: 'Prod', price: '1.00', genericNameAr: 'x' },
          'genericNameAr',
        ],
        [
          'post',
          '/api/inventory',
          {
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: 'B',
            quantity: 1,
            expiryDate: isoDaysFromNow(90),
          },
          'batchNumber',
        ],
        [
          'put',
          `/api/inventory/${batch.id}`,
          {
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: 'B',
            quantity: 3,
            expiryDate: isoDaysFromNow(90),
          },
          'batchNumber',
        ],
        [
          'put',
          '/api/settings/profile',
          { firstName: 'Sara', lastName: 'Haddad', email: 'admin@pharmacy.example' },
          'lastName',
        ],
        [
          'post',
          '/api/auth/register',
          {
            email: `${unique('u')}@x.example`,
            firstName: 'A',
            lastName: 'B',
            password: 'Secret#123',
            role: 'pharmacist',
          },
          'firstName',
        ],
      ];
      const before = await totalEvents();
      for (const [method, path, body, field] of bodies) {
        for (const text of bad) {
          const answer = await (method === 'post' ? admin.post(path) : admin.put(path)).send({
            ...body,
            [field]: text,
          });
          expect({ path, field, status: answer.status }).toEqual({ path, field, status: 400 });
          expect(answer.body.code).toBe('VALIDATION_FAILED');
          expect(answer.body.errors).toEqual([{ field, message: expect.stringMatching(/cannot be stored/) }]);
        }
      }
      expect(await totalEvents()).toBe(before);
    });

    it('refuses such text in a query string and at the pharmacist sign-in, without a session', async () => {
      const search = await admin.get('/api/products/search').query({ q: 'a\u0000' });
      expect(search.status).toBe(400);
      expect(search.body.errors).toEqual([{ field: 'q', message: expect.stringMatching(/cannot be stored/) }]);
      const signIn = await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({ username: 'bad\u0000name', password: 'whatever1' });
      expect(signIn.status).toBe(400);
      expect(signIn.body.errors[0].field).toBe('username');
    });

    it('leaves well-formed Arabic, emoji and right-to-left text alone', async () => {
      const created = await admin
        .post('/api/categories')
        .send({ name: 'Skin 🧴 care', nameAr: '\u202bعناية بالبشرة\u202c' })
        .expect(201);
      expect(created.body).toMatchObject({ name: 'Skin 🧴 care', nameAr: '\u202bعناية بالبشرة\u202c' });
    });
  });

  describe('3. ids are normalised once, at the edge', () => {
    it('tops up the same batch when the pharmacy id comes in upper case', async () => {
      const product = await newProduct();
      const first = await receive(product.id, DOWNTOWN, 4, 'UPPER-1');
      const second = await admin
        .post('/api/inventory')
        .send({
          productId: product.id.toUpperCase(),
          pharmacyId: DOWNTOWN.toUpperCase(),
          batchNumber: 'UPPER-1',
          quantity: 6,
          purchasePrice: '1.10',
          expiryDate: isoDaysFromNow(200),
        })
        .expect(201);
      expect(second.body).toMatchObject({ id: first.id, pharmacyId: DOWNTOWN, quantity: 10 });
      const streams = await app.server.runtime.pool.query(
        `SELECT stream_id FROM eventstore.streams WHERE lower(stream_id) = lower($1)`,
        [`stock-${DOWNTOWN}`],
      );
      expect(streams.rows).toEqual([{ stream_id: `stock-${DOWNTOWN}` }]);
    });

    it('finds categories, suppliers, products and batches by an upper-case id', async () => {
      const category = await admin
        .post('/api/categories')
        .send({ name: unique('Cat') })
        .expect(201);
      await admin
        .put(`/api/categories/${category.body.id.toUpperCase()}`)
        .send({ name: unique('Cat') })
        .expect(200);
      const supplier = await admin
        .post('/api/suppliers')
        .send({ name: unique('Sup') })
        .expect(201);
      await admin
        .put(`/api/suppliers/${supplier.body.id.toUpperCase()}`)
        .send({ name: unique('Sup') })
        .expect(200);
      const product = await newProduct();
      await admin.get(`/api/products/${product.id.toUpperCase()}/history`).expect(200);
      const batch = await receive(product.id, DOWNTOWN, 2);
      await admin.get(`/api/inventory/${batch.id.toUpperCase()}/history`).expect(200);
      const edited = await admin
        .put(`/api/inventory/${batch.id.toUpperCase()}`)
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: `${batch.batchNumber}-X`,
          quantity: 2,
          expiryDate: isoDaysFromNow(200),
        })
        .expect(200);
      expect(edited.body.id).toBe(batch.id);
      await admin.delete(`/api/categories/${category.body.id.toUpperCase()}`).expect(204);
    });
  });

  describe('4. a write that landed is answered as a success, even with the read models behind', () => {
    it('answers a receipt, a top-up, a correction, a product and a category from the write model, marked stale', async () => {
      const product = await newProduct();
      const release = await holdTable('inventory_batches');
      try {
        const batchNumber = unique('STALE');
        const body = {
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber,
          quantity: 7,
          purchasePrice: '2.00',
          expiryDate: isoDaysFromNow(100),
        };
        const received = await admin.post('/api/inventory').send(body).timeout(LOCKED_CALL_MS).expect(201);
        expect(received.headers['x-read-models']).toBe('stale');
        expect(received.body).toMatchObject({
          batchNumber,
          quantity: 7,
          productName: product.sku.replace(/^/, 'Hardening '),
        });
        const topUp = await admin
          .post('/api/inventory')
          .send({ ...body, quantity: 3 })
          .timeout(LOCKED_CALL_MS)
          .expect(201);
        expect(topUp.body).toMatchObject({ id: received.body.id, quantity: 10 });
        const corrected = await admin
          .put(`/api/inventory/${received.body.id}`)
          .send({ ...body, quantity: 8, version: topUp.body.version })
          .timeout(LOCKED_CALL_MS)
          .expect(200);
        expect(corrected.body).toMatchObject({ quantity: 8 });
      } finally {
        await release();
      }
      const releaseProducts = await holdTable('products');
      try {
        const sku = unique('STALE-P');
        const created = await admin
          .post('/api/products')
          .send({ sku, name: 'Stale product', price: '3.00' })
          .timeout(LOCKED_CALL_MS)
          .expect(201);
        expect(created.headers['x-read-models']).toBe('stale');
        expect(created.body).toMatchObject({ sku, name: 'Stale product', price: '3.00', totalStock: 0 });
      } finally {
        await releaseProducts();
      }
      const releaseCategories = await holdTable('categories');
      try {
        const created = await admin
          .post('/api/categories')
          .send({ name: 'Stale category' })
          .timeout(LOCKED_CALL_MS)
          .expect(201);
        expect(created.body).toMatchObject({ name: 'Stale category' });
      } finally {
        await releaseCategories();
      }
    });

    it('does not queue writes to one pharmacy behind each other’s wait for the read models', async () => {
      const product = await newProduct();
      const release = await holdTable('inventory_batches');
      const started = Date.now();
      try {
        const answers = await Promise.all(
          [1, 2, 3].map((n) =>
            admin
              .post('/api/inventory')
              .send({
                productId: product.id,
                pharmacyId: DOWNTOWN,
                batchNumber: unique(`Q${n}`),
                quantity: n,
                expiryDate: isoDaysFromNow(120),
              })
              .timeout(LOCKED_CALL_MS)
              .catch((error: { status?: number }) => ({ status: error.status ?? 0 })),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      } finally {
        await release();
      }
      expect(Date.now() - started).toBeLessThan(WAIT_MS * 2.5);
    });

    it('decides on the write model: a pharmacy the read models do not show yet can receive stock', async () => {
      const product = await newProduct();
      const release = await holdTable('pharmacies');
      try {
        const pharmacy = await admin
          .post('/api/pharmacies')
          .send({ name: unique('New branch'), address: 'Somewhere' })
          .timeout(LOCKED_CALL_MS)
          .expect(201);
        await receive(product.id, pharmacy.body.id, 5);
      } finally {
        await release();
      }
    });
  });

  describe('4b. a sale does not wait for the read models; the reads after it do (ADR 0020)', () => {
    async function stockedProduct(): Promise<string> {
      const product = await newProduct({ unitsPerPackage: 1 });
      await receive(product.id, DOWNTOWN, 20);
      await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
      return product.id;
    }
    const sale = (productId: string) => ({
      customerName: null,
      customerPhone: null,
      notes: null,
      cashReceived: '50.00',
      items: [{ productId, quantity: 1 }],
    });
    const saleIds = (body: Array<{ id: string }>) => body.map((row) => row.id);

    it('answers a sale with its log position while the sales list cannot be written, and the next read waits for it', async () => {
      const productId = await stockedProduct();
      const release = await holdTable('sales', true);
      let sold: { id: string };
      try {
        const started = Date.now();
        const answer = await admin
          .post('/api/sales/complete')
          .send(sale(productId))
          .timeout(LOCKED_CALL_MS)
          .expect(201);
        expect(Date.now() - started).toBeLessThan(WAIT_MS);
        expect(answer.headers['x-read-models']).toBeUndefined();
        const position = answer.headers['x-log-position'] as string;
        expect(position).toMatch(/^\d+$/);
        expect(answer.headers['set-cookie']).toEqual(
          expect.arrayContaining([expect.stringMatching(new RegExp(`^pharmacy\\.read-after=${position};.*HttpOnly`))]),
        );
        sold = answer.body as { id: string };

        // The sales list is built from the read model the lock holds back: the read waits, then says so.
        const waited = Date.now();
        const behind = await admin.get('/api/sales').timeout(LOCKED_CALL_MS).expect(200);
        expect(Date.now() - waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
        expect(behind.headers['x-read-models']).toBe('stale');
        expect(saleIds(behind.body as Array<{ id: string }>)).not.toContain(sold.id);
      } finally {
        await release();
      }
      // Once the read model has it, the same read shows the sale: the cookie made it wait for it.
      const after = await admin.get('/api/sales').expect(200);
      expect(after.headers['x-read-models']).toBeUndefined();
      expect(saleIds(after.body as Array<{ id: string }>)).toContain(sold.id);
    });

    it('makes a read by anyone served by the same process wait for a sale made through it', async () => {
      const productId = await stockedProduct();
      const release = await holdTable('sales', true);
      let sold: { id: string };
      try {
        sold = (await admin.post('/api/sales/complete').send(sale(productId)).timeout(LOCKED_CALL_MS).expect(201))
          .body as { id: string };
        // Another session, without the seller's cookie: the process knows what it wrote.
        const other = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
        const behind = await other.get('/api/sales').timeout(LOCKED_CALL_MS).expect(200);
        expect(behind.headers['x-read-models']).toBe('stale');
      } finally {
        await release();
      }
      const other = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      const after = await other.get(`/api/sales/${sold.id}`).expect(200);
      expect(after.headers['x-read-models']).toBeUndefined();
    });
  });

  describe('5. retries with an Idempotency-Key are recorded once', () => {
    it('returns the first answer to a repeated receipt and appends nothing', async () => {
      const product = await newProduct();
      const key = unique('key');
      const body = {
        productId: product.id,
        pharmacyId: DOWNTOWN,
        batchNumber: unique('IDEM'),
        quantity: 5,
        expiryDate: isoDaysFromNow(150),
      };
      const first = await admin.post('/api/inventory').set('Idempotency-Key', key).send(body).expect(201);
      const eventsAfterFirst = await totalEvents();
      const again = await admin.post('/api/inventory').set('Idempotency-Key', key).send(body).expect(201);
      expect(again.body).toEqual(first.body);
      expect(await totalEvents()).toBe(eventsAfterFirst);
      const concurrent = await Promise.all(
        [1, 2, 3, 4, 5].map(() => admin.post('/api/inventory').set('Idempotency-Key', `${key}-c`).send(body)),
      );
      expect(concurrent.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(concurrent.map((a) => a.body.quantity))).toEqual(new Set([10]));
      const batches = (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
        id: string;
        quantity: number;
      }>;
      expect(batches.find((b) => b.id === first.body.id)?.quantity).toBe(10);
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED to the same key with another body', async () => {
      const key = unique('key');
      await admin
        .post('/api/categories')
        .set('Idempotency-Key', key)
        .send({ name: unique('Idem cat') })
        .expect(201);
      const reused = await admin
        .post('/api/categories')
        .set('Idempotency-Key', key)
        .send({ name: 'Other' })
        .expect(422);
      expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('creates one product, category, supplier and pharmacy per key', async () => {
      const sku = unique('IDEM-P');
      const calls: Array<[string, Record<string, unknown>]> = [
        ['/api/products', { sku, name: 'Idem product', price: '1.00' }],
        ['/api/categories', { name: unique('Idem category') }],
        ['/api/suppliers', { name: unique('Idem supplier') }],
        ['/api/pharmacies', { name: unique('Idem branch'), address: 'Street 1' }],
      ];
      for (const [path, body] of calls) {
        const key = unique('key');
        const first = await admin.post(path).set('Idempotency-Key', key).send(body).expect(201);
        const second = await admin.post(path).set('Idempotency-Key', key).send(body).expect(201);
        expect(second.body.id).toBe(first.body.id);
      }
      expect(await countEvents('ProductRegistered', `product-`)).toBeGreaterThan(0);
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const answer = await admin
        .post('/api/categories')
        .set('Idempotency-Key', 'x'.repeat(300))
        .send({ name: unique('Cat') })
        .expect(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('6. edits carry the version they were loaded at; quantities change by signed adjustments', () => {
    it('lets exactly one of 20 concurrent corrections of one batch win; the others are 409 STALE_EDIT', async () => {
      const product = await newProduct();
      const batch = await receive(product.id, DOWNTOWN, 50);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin.put(`/api/inventory/${batch.id}`).send({
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: batch.batchNumber,
            quantity: 30 + i,
            purchasePrice: '1.10',
            expiryDate: isoDaysFromNow(200),
            version: batch.version,
          }),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      const lost = answers.filter((a) => a.status === 409);
      expect(lost).toHaveLength(19);
      expect(lost[0]!.body).toMatchObject({
        code: 'STALE_EDIT',
        current: { id: batch.id, quantity: won[0]!.body.quantity },
      });
      const history = (await admin.get(`/api/inventory/${batch.id}/history`).expect(200)).body as Array<{
        type: string;
        data: Record<string, unknown>;
      }>;
      expect(history.map((h) => h.type)).toEqual(['BatchReceived', 'StockAdjusted']);
      expect(history[1]!.data).toMatchObject({
        quantityChange: won[0]!.body.quantity - 50,
        reason: 'count_correction',
      });
    });

    it('accepts the version in If-Match too, and refuses a stale product edit with the current values', async () => {
      const product = await newProduct();
      const body = { sku: product.sku, name: 'Renamed once', price: '4.00', unitsPerPackage: 10 };
      const first = await admin
        .put(`/api/products/${product.id}`)
        .set('If-Match', `"${product.version}"`)
        .send(body)
        .expect(200);
      expect(first.body.version).toBeGreaterThan(product.version);
      const stale = await admin
        .put(`/api/products/${product.id}`)
        .send({ ...body, name: 'Renamed twice', version: product.version })
        .expect(409);
      expect(stale.body).toMatchObject({
        code: 'STALE_EDIT',
        current: { name: 'Renamed once', version: first.body.version },
      });
    });

    it('records damage, loss and returns as signed adjustments that never take a batch below zero', async () => {
      const product = await newProduct();
      const batch = await receive(product.id, DOWNTOWN, 10);
      const damaged = await admin
        .post(`/api/inventory/${batch.id}/adjustments`)
        .send({ quantityChange: -3, reason: 'damaged', note: 'Dropped box', version: batch.version })
        .expect(201);
      expect(damaged.body).toMatchObject({ id: batch.id, quantity: 7 });
      await admin
        .post(`/api/inventory/${batch.id}/adjustments`)
        .send({ quantityChange: 2, reason: 'found' })
        .expect(201);
      const tooMuch = await admin
        .post(`/api/inventory/${batch.id}/adjustments`)
        .send({ quantityChange: -100, reason: 'lost' })
        .expect(409);
      expect(tooMuch.body.code).toBe('INSUFFICIENT_STOCK');
      const invalid = await admin
        .post(`/api/inventory/${batch.id}/adjustments`)
        .send({ quantityChange: 0, reason: 'stolen' })
        .expect(400);
      expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['quantityChange', 'reason']);
    });
  });

  describe('7. a multi-step write completes on retry after a crash between its steps', () => {
    it.each(['before', 'after'] as const)(
      'creates the product with its initial stock when the stock step crashed %s its append',
      async (when) => {
        const sku = unique('CRASH');
        const key = unique('key');
        const body = {
          sku,
          name: 'Crash product',
          price: '2.00',
          initialQuantity: 12,
          pharmacyId: DOWNTOWN,
          expiryDate: isoDaysFromNow(300),
        };
        faulty.failNext('stock-', when);
        const crashed = await admin.post('/api/products').set('Idempotency-Key', key).send(body);
        expect(crashed.status).toBe(500);
        const retried = await admin.post('/api/products').set('Idempotency-Key', key).send(body).expect(201);
        expect(retried.body).toMatchObject({ sku, totalStock: 12 });
        const batches = (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
          productId: string;
          quantity: number;
        }>;
        expect(batches.filter((b) => b.productId === retried.body.id).map((b) => b.quantity)).toEqual([12]);
        const again = await admin.post('/api/products').set('Idempotency-Key', key).send(body).expect(201);
        expect(again.body.id).toBe(retried.body.id);
      },
    );
  });

  describe('8. rules are decided on the write model, one status per error code', () => {
    it('never deletes a product while a receipt racing the deletion lands', async () => {
      for (let round = 0; round < 8; round += 1) {
        const product = await newProduct();
        const [received, deleted] = await Promise.all([
          admin.post('/api/inventory').send({
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: unique('RACE'),
            quantity: 1,
            expiryDate: isoDaysFromNow(60),
          }),
          admin.delete(`/api/products/${product.id}`),
        ]);
        expect([received.status, deleted.status]).not.toEqual([201, 204]);
        // The receipt lost: refused because the product was gone, or being deleted at that pharmacy.
        if (deleted.status === 204)
          expect(['PRODUCT_NOT_FOUND', 'PRODUCT_BEING_DELETED']).toContain(received.body.code);
        else expect(deleted.body.code).toBe('INVENTORY_EXISTS');
      }
    });

    it('answers PHARMACY_NOT_FOUND with 404 wherever it is raised', async () => {
      const product = await newProduct();
      const missing = '00000000-0000-4000-8000-000000000000';
      const receipt = await admin.post('/api/inventory').send({
        productId: product.id,
        pharmacyId: missing,
        batchNumber: 'B1',
        quantity: 1,
        expiryDate: isoDaysFromNow(60),
      });
      expect([receipt.status, receipt.body.code]).toEqual([404, 'PHARMACY_NOT_FOUND']);
      const withStock = await admin.post('/api/products').send({
        sku: unique('NP'),
        name: 'No pharmacy',
        price: '1.00',
        initialQuantity: 1,
        pharmacyId: missing,
        expiryDate: isoDaysFromNow(60),
      });
      expect([withStock.status, withStock.body.code]).toEqual([404, 'PHARMACY_NOT_FOUND']);
      const update = await admin.put(`/api/pharmacies/${missing}`).send({ name: 'X', address: 'Y' });
      expect([update.status, update.body.code]).toEqual([404, 'PHARMACY_NOT_FOUND']);
    });

    it('answers PRODUCT_NOT_FOUND with 404 for a receipt of an unknown product', async () => {
      const receipt = await admin.post('/api/inventory').send({
        productId: '00000000-0000-4000-8000-000000000001',
        pharmacyId: DOWNTOWN,
        batchNumber: 'B1',
        quantity: 1,
        expiryDate: isoDaysFromNow(60),
      });
      expect([receipt.status, receipt.body.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    });
  });

  describe('9. the Origin check compares the whole origin', () => {
    it('refuses a page of the same host under another scheme, and a foreign site', async () => {
      const url = new URL(app.baseUrl);
      for (const origin of [`https://${url.host}`, 'http://evil.example', `http://${url.hostname}:1`]) {
        const answer = await admin
          .post('/api/categories')
          .set('Origin', origin)
          .send({ name: unique('Cat') });
        expect({ origin, status: answer.status, code: answer.body.code }).toEqual({
          origin,
          status: 403,
          code: 'BAD_ORIGIN',
        });
      }
      await admin
        .post('/api/categories')
        .set('Origin', app.baseUrl)
        .send({ name: unique('Cat') })
        .expect(201);
    });
  });

  describe('10. pharmacists see active pharmacies only; API answers are not cached', () => {
    it('hides inactive pharmacies from pharmacists, not from administrators', async () => {
      const forLayla = (await layla.get('/api/pharmacies').expect(200)).body as Array<{ id: string }>;
      expect(forLayla.map((p) => p.id)).not.toContain(IRBID);
      const forAdmin = (await admin.get('/api/pharmacies').expect(200)).body as Array<{ id: string }>;
      expect(forAdmin.map((p) => p.id)).toContain(IRBID);
    });

    it('sends Cache-Control: no-store with API answers', async () => {
      const answer = await layla.get('/api/pharmacies').expect(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const refused = await request(app.baseUrl).get('/api/inventory').expect(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });
  });
});
