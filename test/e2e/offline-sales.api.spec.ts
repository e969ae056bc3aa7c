import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/**
 * Sales made at a till without a network and sent later (issue 15, ADR 0015):
 * recorded once however often they are sent, at the time they happened, with
 * the prices of then; what the books no longer held is raised as a
 * discrepancy, never refused and never left as a negative balance.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;
const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

interface SaleAnswer {
  id: string;
  createdAt: string;
  totalAmount: string;
  change: string;
  offlineNumber: string | null;
  lines: Array<{ quantity: number; unitPrice: string; totalPrice: string; allocations: Array<{ quantity: number }> }>;
  offline: {
    number: string;
    soldAt: string;
    recordedAt: string;
    priceStale: boolean;
    shortfalls: Array<{ productId: string; quantity: number }>;
  } | null;
}

describe('sales made offline', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let omar: Agent;
  let auditor: Agent;
  let tillRun = 0;

  async function stocked(packs: number, options: { price?: string; receivedHoursAgo?: number } = {}) {
    const sku = unique('OFF');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Offline ${sku}`, price: options.price ?? '5.00' })
        .expect(201)
    ).body as { id: string; sku: string; name: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: unique('OFF-LOT'),
          quantity: packs,
          expiryDate: isoDaysFromNow(200),
          effectiveAt: hoursAgo(options.receivedHoursAgo ?? 48),
        })
        .expect(201)
    ).body as { id: string };
    return { product, batchId: batch.id };
  }

  const offlineSale = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    pharmacyId: DOWNTOWN,
    soldAt: hoursAgo(1),
    offlineNumber: `K7Q2-${String(++tillRun).padStart(4, '0')}`,
    catalogueAsOf: hoursAgo(2),
    customerName: null,
    customerPhone: null,
    notes: null,
    cashReceived: '100.00',
    items: [{ productId, quantity, salesUnit: 'whole' }],
    ...extra,
  });

  const packsOf = async (batchId: string) =>
    (
      (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
        id: string;
        quantity: number;
      }>
    ).find((batch) => batch.id === batchId)?.quantity;

  const eventsOfSale = async (saleId: string) =>
    (
      (await admin.get('/api/audit/events').query({ pharmacyId: DOWNTOWN, limit: 200 }).expect(200)).body as {
        events: Array<{ type: string; data: { saleId?: string }; occurredAt: string; recordedAt: string }>;
      }
    ).events.filter((event) => event.data.saleId === saleId);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await layla.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
    await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
    auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  it("gives the till its pharmacy's catalogue and the batches it can sell now", async () => {
    const { product, batchId } = await stocked(6);
    const copy = (await layla.get('/api/sales/offline-catalogue').expect(200)).body as {
      pharmacyId: string;
      generatedAt: string;
      priceWindowHours: number;
      products: Array<{ id: string; price: string }>;
      batches: Array<{ id: string; productId: string; quantity: number }>;
    };
    expect(copy.pharmacyId).toBe(DOWNTOWN);
    expect(Math.abs(Date.parse(copy.generatedAt) - Date.now())).toBeLessThan(60_000);
    expect(copy.priceWindowHours).toBe(24);
    expect(copy.products.find((p) => p.id === product.id)).toMatchObject({ price: '5.00' });
    expect(copy.batches.find((b) => b.id === batchId)).toMatchObject({ productId: product.id, quantity: 6 });
    // Another pharmacy's copy is not Layla's to take.
    await layla.get('/api/sales/offline-catalogue').query({ pharmacyId: ABDOUN }).expect(403);
  });

  it('records the sale at the time it happened, once, however often and however concurrently it is sent', async () => {
    const { product, batchId } = await stocked(10);
    const body = offlineSale(product.id, 3, { soldAt: hoursAgo(1.5) });
    const key = `till-${unique('KEY')}`;
    const first = await layla.post('/api/sales/offline').set('Idempotency-Key', key).send(body).expect(201);
    const sale = first.body as SaleAnswer;
    expect(sale).toMatchObject({
      totalAmount: '15.00',
      change: '85.00',
      offlineNumber: body.offlineNumber,
      offline: { number: body.offlineNumber, priceStale: false, shortfalls: [] },
    });
    expect(sale.createdAt).toBe(new Date(body.soldAt).toISOString());
    expect(Date.parse(sale.offline!.recordedAt)).toBeGreaterThan(Date.parse(body.soldAt) + HOUR);

    // The till did not hear the answer and sends it again, three times at once.
    const again = await Promise.all(
      [1, 2, 3].map(() => layla.post('/api/sales/offline').set('Idempotency-Key', key).send(body)),
    );
    for (const answer of again) {
      expect(answer.status).toBeLessThan(300);
      expect((answer.body as SaleAnswer).id).toBe(sale.id);
    }
    expect(await packsOf(batchId)).toBe(7);
    expect((await eventsOfSale(sale.id)).map((e) => e.type)).toEqual(['SaleCompleted']);

    // Its business time is when it happened; the trail says when it arrived.
    const [event] = await eventsOfSale(sale.id);
    expect(event!.occurredAt).toBe(new Date(body.soldAt).toISOString());
    const found = (await layla.get('/api/sales').query({ q: body.offlineNumber }).expect(200)).body as SaleAnswer[];
    expect(found.map((s) => s.id)).toEqual([sale.id]);
    const detail = (await layla.get(`/api/sales/${sale.id}`).expect(200)).body as SaleAnswer;
    expect(detail.offline).toMatchObject({ number: body.offlineNumber, recordedAt: sale.offline!.recordedAt });
  });

  it('answers a checkout the network cut off, kept by the till under the same key, with the sale already recorded', async () => {
    const { product, batchId } = await stocked(6);
    const key = `till-${unique('KEY')}`;
    // The checkout landed, but the till never heard the answer and kept the cart as an offline sale.
    const atCounter = (
      await layla
        .post('/api/sales/complete')
        .set('Idempotency-Key', key)
        .send({ cashReceived: '20.00', items: [{ productId: product.id, quantity: 2, salesUnit: 'whole' }] })
        .expect(201)
    ).body as SaleAnswer;
    const sent = await layla
      .post('/api/sales/offline')
      .set('Idempotency-Key', key)
      .send(offlineSale(product.id, 2, { cashReceived: '20.00' }))
      .expect(201);
    expect((sent.body as SaleAnswer).id).toBe(atCounter.id);
    expect(await packsOf(batchId)).toBe(4);
    expect((await eventsOfSale(atCounter.id)).map((e) => e.type)).toEqual(['SaleCompleted']);
    // Another cart under that key is not the same sale.
    const other = await layla
      .post('/api/sales/offline')
      .set('Idempotency-Key', key)
      .send(offlineSale(product.id, 3))
      .expect(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await packsOf(batchId)).toBe(4);
  });

  it('sells at the price and discount valid when the sale happened', async () => {
    const { product, batchId } = await stocked(10, { price: '4.00' });
    const soldAt = hoursAgo(1);
    // After the sale (before it arrived) the price went up and the batch was discounted.
    await admin
      .put(`/api/products/${product.id}`)
      .send({ sku: product.sku, name: product.name, price: '6.00' })
      .expect(200);
    await admin
      .post('/api/inventory/discount')
      .send({ batchId, discountPercentage: 50, reason: 'Clearance' })
      .expect(200);
    const sale = (
      await layla
        .post('/api/sales/offline')
        .set('Idempotency-Key', `till-${unique('KEY')}`)
        .send(offlineSale(product.id, 2, { soldAt, cashReceived: '8.00' }))
        .expect(201)
    ).body as SaleAnswer;
    expect(sale.lines[0]).toMatchObject({ unitPrice: '4.00', totalPrice: '8.00' });
    expect(sale.offline!.priceStale).toBe(false);
    // A sale made now pays today's price, with the discount.
    const now = (
      await layla
        .post('/api/sales/complete')
        .send({ cashReceived: '20.00', items: [{ productId: product.id, quantity: 1 }] })
        .expect(201)
    ).body as SaleAnswer;
    expect(now.totalAmount).toBe('3.00');
  });

  it('records a late sale the books can no longer cover, raises the shortfall for review, and leaves no balance negative', async () => {
    const { product, batchId } = await stocked(5);
    const soldAt = hoursAgo(2);
    // While the till was offline, the counter next to it sold 4 of the 5 packs online.
    await layla
      .post('/api/sales/complete')
      .send({ cashReceived: '50.00', items: [{ productId: product.id, quantity: 4 }] })
      .expect(201);
    const body = offlineSale(product.id, 3, { soldAt });
    const sale = (
      await layla
        .post('/api/sales/offline')
        .set('Idempotency-Key', `till-${unique('KEY')}`)
        .send(body)
        .expect(201)
    ).body as SaleAnswer;
    // The goods left the shop and were paid for: all 3 are in the sale, 1 from the batch, 2 short.
    expect(sale).toMatchObject({ totalAmount: '15.00', lines: [{ quantity: 3, allocations: [{ quantity: 1 }] }] });
    expect(sale.offline!.shortfalls).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
    expect(await packsOf(batchId)).toBe(0);

    const open = (await admin.get('/api/stock-discrepancies').expect(200)).body as Array<{
      id: string;
      kind: string;
      saleId: string;
      offlineNumber: string;
      status: string;
      lines: Array<{ productId: string; quantity: number }>;
    }>;
    const raised = open.find((d) => d.saleId === sale.id)!;
    expect(raised).toMatchObject({
      kind: 'late_sale_shortfall',
      offlineNumber: body.offlineNumber,
      status: 'open',
      lines: [{ productId: product.id, quantity: 2 }],
    });
    // The audit trail has both the sale and the discrepancy, at the time of the sale.
    expect((await eventsOfSale(sale.id)).map((e) => e.type).sort()).toEqual([
      'SaleCompleted',
      'StockDiscrepancyRaised',
    ]);
    // The stock card never goes below zero in business-time order.
    const card = (await admin.get('/api/audit/stock-card').query({ batchId }).expect(200)).body as {
      movements: Array<{ balance: number }>;
    };
    expect(Math.min(...card.movements.map((m) => m.balance))).toBe(0);

    // Review: an auditor may see it but not close it; Layla, who works there, may, once.
    expect((await auditor.get('/api/stock-discrepancies').expect(200)).body).toContainEqual(
      expect.objectContaining({ id: raised.id }),
    );
    await auditor.post(`/api/stock-discrepancies/${raised.id}/resolve`).send({ note: 'Looked' }).expect(403);
    await layla.post(`/api/stock-discrepancies/${raised.id}/resolve`).send({ note: ' ' }).expect(400);
    const resolved = await layla
      .post(`/api/stock-discrepancies/${raised.id}/resolve`)
      .send({ note: 'Two packs found on the shelf were from the same lot; counted and adjusted.' })
      .expect(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: 'Layla Nasser' });
    const twice = await layla.post(`/api/stock-discrepancies/${raised.id}/resolve`).send({ note: 'Again' }).expect(409);
    expect(twice.body.code).toBe('DISCREPANCY_RESOLVED');
    const stillOpen = (await admin.get('/api/stock-discrepancies').expect(200)).body as Array<{ id: string }>;
    expect(stillOpen.map((d) => d.id)).not.toContain(raised.id);
    // Omar's other pharmacy has none of it.
    expect(
      (await omar.get('/api/stock-discrepancies').query({ status: 'all', pharmacyId: ABDOUN }).expect(200)).body,
    ).not.toContainEqual(expect.objectContaining({ id: raised.id }));
    await layla.get('/api/stock-discrepancies').query({ pharmacyId: ABDOUN }).expect(403);
  });

  it('never lets a late sale take a past balance below zero, even when stock came back since', async () => {
    const { product, batchId } = await stocked(2, { receivedHoursAgo: 10 });
    const soldAt = hoursAgo(3);
    // Two hours ago the batch was sold out online; an hour ago 5 packs were found and added to it.
    await layla
      .post('/api/sales/complete')
      .send({ cashReceived: '50.00', items: [{ productId: product.id, quantity: 2 }] })
      .expect(201);
    await admin.post(`/api/inventory/${batchId}/adjustments`).send({ quantityChange: 5, reason: 'found' }).expect(201);
    const sale = (
      await layla
        .post('/api/sales/offline')
        .set('Idempotency-Key', `till-${unique('KEY')}`)
        .send(offlineSale(product.id, 1, { soldAt, catalogueAsOf: hoursAgo(4) }))
        .expect(201)
    ).body as SaleAnswer;
    // The batch held 0 between the online sale and the find: the late pack cannot have come from it then.
    expect(sale.offline!.shortfalls).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(await packsOf(batchId)).toBe(5);
  });

  it('flags a sale made from a copy of the prices older than the window', async () => {
    const { product } = await stocked(4);
    const sale = (
      await layla
        .post('/api/sales/offline')
        .set('Idempotency-Key', `till-${unique('KEY')}`)
        // An id in upper case is the same pharmacy.
        .send(
          offlineSale(product.id, 1, {
            soldAt: hoursAgo(1),
            catalogueAsOf: hoursAgo(30),
            pharmacyId: DOWNTOWN.toUpperCase(),
          }),
        )
        .expect(201)
    ).body as SaleAnswer;
    expect(sale.offline!.priceStale).toBe(true);
    const raised = (
      (await admin.get('/api/stock-discrepancies').expect(200)).body as Array<{ saleId: string; kind: string }>
    ).filter((d) => d.saleId === sale.id);
    expect(raised.map((d) => d.kind)).toEqual(['stale_price']);
  });

  it('refuses what it cannot record safely, with a reason, and writes nothing', async () => {
    const { product, batchId } = await stocked(3);
    const before = await admin.get('/api/audit/events').query({ pharmacyId: DOWNTOWN, limit: 5 }).expect(200);
    const noKey = await layla.post('/api/sales/offline').send(offlineSale(product.id, 1)).expect(400);
    expect(noKey.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect(noKey.body.message).toContain('Idempotency-Key');
    const keyed = (extra: Record<string, unknown>) =>
      layla
        .post('/api/sales/offline')
        .set('Idempotency-Key', `till-${unique('KEY')}`)
        .send(offlineSale(product.id, 1, extra));
    const future = await keyed({ soldAt: new Date(Date.now() + HOUR).toISOString() }).expect(400);
    expect(JSON.stringify(future.body)).toContain('The time of the sale cannot be in the future');
    const badNumber = await keyed({ offlineNumber: 'offline sale 1' }).expect(400);
    expect(JSON.stringify(badNumber.body)).toContain('An offline sale number is the till code and a number');
    await keyed({ soldAt: 'yesterday' }).expect(400);
    const nul = await keyed({ customerName: 'Rana\u0000' }).expect(400);
    expect(JSON.stringify(nul.body)).toContain('customerName');
    await keyed({ catalogueAsOf: null }).expect(400);
    // Not at a pharmacy the seller does not work in, and not by an auditor.
    await layla
      .post('/api/sales/offline')
      .set('Idempotency-Key', `till-${unique('KEY')}`)
      .send(offlineSale(product.id, 1, { pharmacyId: ABDOUN }))
      .expect(403);
    await auditor
      .post('/api/sales/offline')
      .set('Idempotency-Key', `till-${unique('KEY')}`)
      .send(offlineSale(product.id, 1))
      .expect(403);
    // The same key with another sale is refused, not recorded.
    const key = `till-${unique('KEY')}`;
    await layla.post('/api/sales/offline').set('Idempotency-Key', key).send(offlineSale(product.id, 1)).expect(201);
    const reused = await layla
      .post('/api/sales/offline')
      .set('Idempotency-Key', key)
      .send(offlineSale(product.id, 2))
      .expect(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await packsOf(batchId)).toBe(2);
    const after = await admin.get('/api/audit/events').query({ pharmacyId: DOWNTOWN, limit: 5 }).expect(200);
    // Only the one keyed sale was written.
    const newer = (after.body as { events: Array<{ type: string; position: string }> }).events.filter(
      (e) =>
        !(before.body as { events: Array<{ position: string }> }).events.some((old) => old.position === e.position),
    );
    expect(newer.map((e) => e.type)).toEqual(['SaleCompleted']);
  });
});
