import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fold, stockDecider, stockStreamId, type StockEvent } from '@pharmacy/domain';
import {
  demoAccounts,
  startTestApp,
  type TestApp,
  demoPharmacyIds,
  isoDaysFromNow,
  unique,
} from '@pharmacy/test-harness';

const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

/** The point of sale through HTTP against real PostgreSQL (issue 8). */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;

describe('point of sale', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let omar: Agent;

  async function newProduct(overrides: Record<string, unknown> = {}) {
    const sku = unique('POS');
    return (
      await admin
        .post('/api/products')
        .send({ sku, name: `Sale test ${sku}`, price: '4.99', unitsPerPackage: 10, salesUnit: 'pill', ...overrides })
        .expect(201)
    ).body as { id: string; name: string };
  }

  async function receive(productId: string, quantity: number, expiresInDays: number, pharmacyId = DOWNTOWN) {
    return (
      await admin
        .post('/api/inventory')
        .send({
          productId,
          pharmacyId,
          batchNumber: unique('LOT'),
          quantity,
          purchasePrice: '2.00',
          expiryDate: isoDaysFromNow(expiresInDays),
        })
        .expect(201)
    ).body as { id: string; version: number; batchNumber: string };
  }

  const batchesOf = async (productId: string) =>
    (
      (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
        id: string;
        productId: string;
        quantity: number;
        looseUnits: number;
        version: number;
      }>
    ).filter((b) => b.productId === productId);

  const sale = (items: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
    customerName: 'Rana',
    customerPhone: '+962 79 000 0000',
    notes: null,
    cashReceived: '100.00',
    items,
    ...extra,
  });

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
    await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('sells first-expired-first-out at the catalogue price, computes the change, and lists the sale', async () => {
    const product = await newProduct();
    const late = await receive(product.id, 5, 300);
    const early = await receive(product.id, 2, 40);
    // A price or total from the client is refused, not obeyed: prices come from the catalogue.
    const priced = await layla
      .post('/api/sales/complete')
      .send(
        sale([{ productId: product.id, quantity: 3, salesUnit: 'whole', unitPrice: '0.01' }], { totalAmount: '0.03' }),
      )
      .expect(400);
    expect(priced.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'items.0', message: 'Unknown field(s) unitPrice: remove them' },
        { field: 'body', message: 'Unknown field(s) totalAmount: remove them' },
      ]),
    );
    const answer = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 3, salesUnit: 'whole' }]))
      .expect(201);
    expect(answer.body).toMatchObject({
      pharmacyId: DOWNTOWN,
      customerName: 'Rana',
      totalAmount: '14.97',
      cashReceived: '100.00',
      change: '85.03',
      userName: 'Layla Nasser',
      pharmacy: { name: 'Al-Shifa Pharmacy — Downtown' },
      lines: [
        {
          productId: product.id,
          quantity: 3,
          unitPrice: '4.99',
          totalPrice: '14.97',
          allocations: [
            { batchId: early.id, quantity: 2, totalPrice: '9.98' },
            { batchId: late.id, quantity: 1, totalPrice: '4.99' },
          ],
        },
      ],
    });
    const recent = (await layla.get('/api/sales').query({ limit: 5 }).expect(200)).body as Array<{ id: string }>;
    expect(recent[0]!.id).toBe(answer.body.id);
    const detail = await layla.get(`/api/sales/${answer.body.id.toUpperCase()}`).expect(200);
    expect(detail.body).toEqual(answer.body);
    const batches = await batchesOf(product.id);
    expect(batches.find((b) => b.id === early.id)).toMatchObject({ quantity: 0, version: 2 });
    expect(batches.find((b) => b.id === late.id)).toMatchObject({ quantity: 4, version: 2 });
  });

  it('sells 3 pills of a 10-pill pack exactly and shows the open pack', async () => {
    const product = await newProduct({ price: '2.50' });
    const batch = await receive(product.id, 1, 200);
    const answer = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 3, salesUnit: 'pill' }], { cashReceived: '1' }))
      .expect(201);
    expect(answer.body.lines[0]).toMatchObject({ salesUnit: 'pill', unitPrice: '0.25', totalPrice: '0.75' });
    expect((await batchesOf(product.id)).find((b) => b.id === batch.id)).toMatchObject({ quantity: 0, looseUnits: 7 });
    const more = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 8, salesUnit: 'pill' }]))
      .expect(409);
    expect(more.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: 7 });
    expect(more.body.message).toBe(`Only 7 pills of ${product.name} can be sold here (8 asked).`);
  });

  it('refuses short cash, an empty cart, and a sale without a current pharmacy, writing nothing', async () => {
    const product = await newProduct();
    await receive(product.id, 3, 200);
    const cash = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 1 }], { cashReceived: '4.98' }))
      .expect(400);
    expect(cash.body).toMatchObject({
      code: 'INSUFFICIENT_CASH',
      message: 'Cash received is less than the total amount',
    });
    const empty = await layla.post('/api/sales/complete').send(sale([])).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'items', message: 'Add at least one product to the sale' }]);
    const admin2 = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const nowhere = await admin2.post('/api/sales/complete').send(sale([{ productId: product.id, quantity: 1 }]));
    expect([nowhere.status, nowhere.body.code]).toEqual([400, 'NO_CURRENT_PHARMACY']);
    expect((await batchesOf(product.id))[0]!.quantity).toBe(3);
  });

  it('sells exactly the last 10 units to 20 concurrent checkouts: never oversold, read model equal to the log', async () => {
    const product = await newProduct();
    await receive(product.id, 4, 100);
    await receive(product.id, 6, 200);
    const tills = await Promise.all([layla, admin, layla, admin].map(async (agent) => agent));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        tills[i % tills.length]!.post('/api/sales/complete').send(sale([{ productId: product.id, quantity: 1 }])),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(10);
    expect(refused.every((a) => a.body.code === 'INSUFFICIENT_STOCK')).toBe(true);
    const batches = await batchesOf(product.id);
    expect(batches.map((b) => b.quantity)).toEqual([0, 0]);
    const events = await app.server.runtime.store.readStream(stockStreamId(DOWNTOWN));
    const folded = fold(
      stockDecider,
      stockDecider.initialState(),
      events.map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
    for (const row of batches) {
      expect({ id: row.id, quantity: row.quantity, looseUnits: row.looseUnits, version: row.version }).toEqual({
        id: row.id,
        quantity: folded.batches[row.id]!.quantity,
        looseUnits: folded.batches[row.id]!.looseUnits,
        version: folded.batches[row.id]!.version,
      });
    }
  });

  it('records a sale posted 5 times at once with one Idempotency-Key once, answering each the same', async () => {
    const product = await newProduct();
    await receive(product.id, 10, 100);
    const key = unique('till-1');
    const body = sale([{ productId: product.id, quantity: 2 }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => layla.post('/api/sales/complete').set('Idempotency-Key', key).send(body)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect((await batchesOf(product.id))[0]!.quantity).toBe(8);
    const changed = await layla
      .post('/api/sales/complete')
      .set('Idempotency-Key', key)
      .send(sale([{ productId: product.id, quantity: 3 }]))
      .expect(422);
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers a retry of the sale that took the last units with that sale, not with INSUFFICIENT_STOCK', async () => {
    const product = await newProduct();
    await receive(product.id, 2, 100);
    const key = unique('till-2');
    const body = sale([{ productId: product.id, quantity: 2, salesUnit: 'whole' }]);
    const first = await layla.post('/api/sales/complete').set('Idempotency-Key', key).send(body).expect(201);
    const retry = await layla.post('/api/sales/complete').set('Idempotency-Key', key).send(body).expect(201);
    expect(retry.body).toEqual(first.body);
    // Without the key the same request is a new sale, and there is nothing left to sell.
    const other = await layla.post('/api/sales/complete').send(body).expect(409);
    expect(other.body.code).toBe('INSUFFICIENT_STOCK');
    const sold = (await app.server.runtime.store.readStream(stockStreamId(DOWNTOWN))).filter(
      (e) => e.type === 'SaleCompleted' && (e.data as { saleId: string }).saleId === first.body.id,
    );
    expect(sold).toHaveLength(1);
  });

  it('refuses a batch correction opened before a sale, and keeps the sale intact', async () => {
    const product = await newProduct();
    const batch = await receive(product.id, 10, 100);
    const sold = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 4 }]))
      .expect(201);
    const stale = await admin
      .put(`/api/inventory/${batch.id}`)
      .send({
        productId: product.id,
        pharmacyId: DOWNTOWN,
        batchNumber: batch.batchNumber,
        quantity: 10,
        purchasePrice: '2.00',
        expiryDate: isoDaysFromNow(100),
        version: batch.version,
      })
      .expect(409);
    expect(stale.body).toMatchObject({ code: 'STALE_EDIT', current: { quantity: 6, version: batch.version + 1 } });
    expect((await layla.get(`/api/sales/${sold.body.id}`).expect(200)).body.totalAmount).toBe('19.96');
    expect((await batchesOf(product.id))[0]!.quantity).toBe(6);
  });

  it('returns some lines or the whole sale into the same batches, refunds the price paid, never more than sold', async () => {
    const product = await newProduct({ price: '3.00' });
    const batch = await receive(product.id, 10, 100);
    const sold = await layla
      .post('/api/sales/complete')
      .send(
        sale([
          { productId: product.id, quantity: 3 },
          { productId: product.id, quantity: 5, salesUnit: 'pill' },
        ]),
      )
      .expect(201);
    expect(sold.body.totalAmount).toBe('10.50');
    const partial = await layla
      .post(`/api/sales/${sold.body.id}/returns`)
      .send({ reason: 'Changed prescription', lines: [{ lineIndex: 0, quantity: 2 }] })
      .expect(201);
    expect(partial.body).toMatchObject({ refundAmount: '6.00', lines: [{ lineIndex: 0, quantity: 2, restocked: 2 }] });
    const tooMuch = await layla
      .post(`/api/sales/${sold.body.id}/returns`)
      .send({ reason: 'x', lines: [{ lineIndex: 0, quantity: 2 }] })
      .expect(409);
    expect(tooMuch.body.code).toBe('RETURN_EXCEEDS_SALE');
    const rest = await layla
      .post(`/api/sales/${sold.body.id}/returns`)
      .send({ reason: 'Allergy', all: true })
      .expect(201);
    expect(rest.body.refundAmount).toBe('4.50');
    const detail = (await layla.get(`/api/sales/${sold.body.id}`).expect(200)).body;
    expect(detail).toMatchObject({
      refundedAmount: '10.50',
      lines: [{ returnedQuantity: 3 }, { returnedQuantity: 5 }],
      returns: [{ reason: 'Changed prescription' }, { reason: 'Allergy' }],
    });
    expect((await batchesOf(product.id)).find((b) => b.id === batch.id)).toMatchObject({ quantity: 9, looseUnits: 10 });
    await layla.post(`/api/sales/${sold.body.id}/returns`).send({ reason: 'again', all: true }).expect(409);
    await layla
      .post('/api/sales/00000000-0000-4000-8000-000000000000/returns')
      .send({ reason: 'x', all: true })
      .expect(404);
  });

  it("keeps each pharmacy's sales to its people, and counts today's sales net of returns", async () => {
    const before = (await layla.get('/api/sales/metrics/daily').expect(200)).body as {
      totalSales: string;
      totalOrders: number;
    };
    const product = await newProduct({ price: '10.00', salesUnit: 'whole', unitsPerPackage: 1 });
    await receive(product.id, 5, 100);
    const sold = await layla
      .post('/api/sales/complete')
      .send(sale([{ productId: product.id, quantity: 2 }]))
      .expect(201);
    await layla
      .post(`/api/sales/${sold.body.id}/returns`)
      .send({ reason: 'Damaged box', lines: [{ lineIndex: 0, quantity: 1 }] })
      .expect(201);
    const after = (await layla.get('/api/sales/metrics/daily').expect(200)).body as typeof before;
    expect(after.totalOrders).toBe(before.totalOrders + 1);
    expect(Number(after.totalSales) - Number(before.totalSales)).toBeCloseTo(10, 2);
    // Omar works at Abdoun (and Downtown); Layla only at Downtown.
    const abdounProduct = await newProduct({ salesUnit: 'whole', unitsPerPackage: 1 });
    await receive(abdounProduct.id, 3, 100, ABDOUN);
    const there = await omar
      .post('/api/sales/complete')
      .send(sale([{ productId: abdounProduct.id, quantity: 1 }]))
      .expect(201);
    expect(there.body.pharmacyId).toBe(ABDOUN);
    await layla.get(`/api/sales/${there.body.id}`).expect(403);
    await layla.get('/api/sales').query({ pharmacyId: ABDOUN }).expect(403);
    await layla.post(`/api/sales/${there.body.id}/returns`).send({ reason: 'x', all: true }).expect(403);
    const laylas = (await layla.get('/api/sales').query({ limit: 100 }).expect(200)).body as Array<{
      pharmacyId: string;
    }>;
    expect(laylas.every((s) => s.pharmacyId === DOWNTOWN)).toBe(true);
  });
});
