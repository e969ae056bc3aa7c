import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FaultyStore,
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

/**
 * Requests from outside the source (issue 28, item 11; ADR 0011): a pharmacist
 * who does not work at the source pharmacy asks for its stock. The request
 * holds nothing back; the source's approval reserves and dispatches in one
 * step, or is refused, writing nothing, when the stock is gone.
 *
 * Layla works at Downtown only; Omar at Downtown and Abdoun (the source's staff).
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;

interface Batch {
  id: string;
  productId: string;
  batchNumber: string;
  expiryDate: string;
  purchasePrice: string | null;
  quantity: number;
  reservedQuantity: number;
}
interface Detail {
  id: string;
  status: string;
  awaitingSourceApproval: boolean;
  totalQuantity: number;
  items: Array<{ batchId: string; batchNumber: string; quantity: number; receivedQuantity: number | null }>;
  timeline: Array<{ step: string; pharmacyId: string | null }>;
  canApprove: boolean;
  canReceive: boolean;
  canCancel: boolean;
}

describe('a transfer requested from outside the source', () => {
  let app: TestApp;
  let faulty: FaultyStore;
  let admin: Agent;
  let layla: Agent;
  let omar: Agent;

  async function newProduct() {
    const sku = unique('REQ');
    return (
      await admin
        .post('/api/products')
        .send({ sku, name: `Request test ${sku}`, price: '3.00' })
        .expect(201)
    ).body as { id: string; name: string };
  }

  async function receive(productId: string, pharmacyId: string, quantity: number, expiresInDays = 200) {
    return (
      await admin
        .post('/api/inventory')
        .send({
          productId,
          pharmacyId,
          batchNumber: unique('LOT'),
          quantity,
          purchasePrice: '1.20',
          expiryDate: isoDaysFromNow(expiresInDays),
        })
        .expect(201)
    ).body as Batch;
  }

  const batches = async (productId: string, pharmacyId: string) =>
    ((await admin.get('/api/inventory').query({ pharmacyId }).expect(200)).body as Batch[]).filter(
      (b) => b.productId === productId,
    );
  const onHand = async (productId: string, pharmacyId: string) =>
    (await batches(productId, pharmacyId)).reduce((n, b) => n + b.quantity, 0);
  const reserved = async (productId: string, pharmacyId: string) =>
    (await batches(productId, pharmacyId)).reduce((n, b) => n + b.reservedQuantity, 0);
  const countEvents = async (type?: string) =>
    (
      await app.server.runtime.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM eventstore.events WHERE $1::text IS NULL OR type = $1',
        [type ?? null],
      )
    ).rows[0]!.n;
  const eventsOf = async (transferId: string, type: string) =>
    (
      await app.server.runtime.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM eventstore.events WHERE type = $1 AND data->>'transferId' = $2",
        [type, transferId],
      )
    ).rows[0]!.n;
  const sellAtAbdoun = (productId: string, quantity: number) =>
    omar
      .post('/api/sales/complete')
      .send({ cashReceived: '1000.00', items: [{ productId, quantity, salesUnit: 'whole' }] });
  const request = (productId: string, quantity: number, batchId: string | null = null) =>
    layla.post('/api/transfers').send({
      fromPharmacyId: ABDOUN,
      toPharmacyId: DOWNTOWN,
      items: [{ productId, quantity, ...(batchId ? { batchId } : {}) }],
      notes: 'Running low',
    });

  beforeAll(async () => {
    app = await startTestApp({
      seed: true,
      decorateStore: (store) => {
        faulty = new FaultyStore(store);
        return faulty.wrap();
      },
    });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
    // Omar sells at Abdoun, the source of every request below.
    await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it("holds none of the source's packs: the source sells them, and then its approval is refused, writing nothing", async () => {
    const product = await newProduct();
    const batch = await receive(product.id, ABDOUN, 57);

    const created = await request(product.id, 57, batch.id).expect(201);
    const transfer = created.body as Detail;
    expect(transfer.status).toBe('pending');

    // The source sells the whole batch: nothing of it was held for the request.
    await sellAtAbdoun(product.id, 57).expect(201);
    expect(await onHand(product.id, ABDOUN)).toBe(0);
    expect(await reserved(product.id, ABDOUN)).toBe(0);
    expect(transfer).toMatchObject({ awaitingSourceApproval: true, totalQuantity: 57 });
    expect(transfer.items.map((i) => [i.batchId, i.quantity])).toEqual([[batch.id, 57]]);
    // Layla asked, at Downtown; approving is the source's to do.
    expect(transfer.timeline).toEqual([expect.objectContaining({ step: 'requested', pharmacyId: DOWNTOWN })]);
    expect(transfer).toMatchObject({ canApprove: false, canCancel: true });
    const stillPending = (await omar.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail;
    expect(stillPending).toMatchObject({ status: 'pending', awaitingSourceApproval: true, canApprove: true });

    const before = await countEvents();
    const refused = await omar.post(`/api/transfers/${transfer.id}/approve`).expect(409);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: 0, requested: 57 });
    expect(refused.body.message).toContain(product.name);
    expect(refused.body.message).toContain(batch.batchNumber);
    expect(await countEvents()).toBe(before);
    expect(((await layla.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail).status).toBe('pending');

    // Withdrawn: nothing was held, so nothing is released.
    const cancelled = (await layla.post(`/api/transfers/${transfer.id}/cancel`).send({}).expect(200)).body as Detail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.map((s) => s.step)).toEqual(['requested', 'cancelled']);
    expect(await eventsOf(transfer.id, 'TransferStockReleased')).toBe(0);
  });

  it('is reserved and dispatched in one step by the approval, from the stock as it is then (first expiry first)', async () => {
    const product = await newProduct();
    const early = await receive(product.id, ABDOUN, 5, 90);
    const late = await receive(product.id, ABDOUN, 10, 300);

    const transfer = (await request(product.id, 6).expect(201)).body as Detail;
    expect(transfer.items.map((i) => [i.batchId, i.quantity]).sort()).toEqual(
      [
        [early.id, 5],
        [late.id, 1],
      ].sort(),
    );
    expect(await reserved(product.id, ABDOUN)).toBe(0);
    await layla.post(`/api/transfers/${transfer.id}/approve`).expect(403);

    // Three of the early batch are sold meanwhile: the approval takes what is there now.
    await sellAtAbdoun(product.id, 3).expect(201);
    const approved = (await omar.post(`/api/transfers/${transfer.id}/approve`).expect(200)).body as Detail;
    expect(approved).toMatchObject({ status: 'approved', awaitingSourceApproval: false, totalQuantity: 6 });
    expect(approved.items.map((i) => [i.batchId, i.quantity]).sort()).toEqual(
      [
        [early.id, 2],
        [late.id, 4],
      ].sort(),
    );
    expect(approved.timeline.map((s) => s.step)).toEqual(['requested', 'approved', 'dispatched']);
    expect(await onHand(product.id, ABDOUN)).toBe(15 - 3 - 6);
    expect(await reserved(product.id, ABDOUN)).toBe(0);

    const received = (await layla.post(`/api/transfers/${transfer.id}/receive`).send({}).expect(200)).body as Detail;
    expect(received.status).toBe('completed');
    expect(await onHand(product.id, DOWNTOWN)).toBe(6);
  });

  it('answers a retried approval from the first one: reserved and dispatched once', async () => {
    const product = await newProduct();
    await receive(product.id, ABDOUN, 10);
    const transfer = (await request(product.id, 4).expect(201)).body as Detail;
    const key = unique('approve');
    const first = (await omar.post(`/api/transfers/${transfer.id}/approve`).set('Idempotency-Key', key).expect(200))
      .body as Detail;
    const again = (await omar.post(`/api/transfers/${transfer.id}/approve`).set('Idempotency-Key', key).expect(200))
      .body as Detail;
    expect([first.status, again.status]).toEqual(['approved', 'approved']);
    expect(await eventsOf(transfer.id, 'TransferStockReserved')).toBe(1);
    expect(await eventsOf(transfer.id, 'TransferApproved')).toBe(1);
    expect(await eventsOf(transfer.id, 'TransferDispatched')).toBe(1);
    expect(await onHand(product.id, ABDOUN)).toBe(6);
    const other = await omar.post(`/api/transfers/${transfer.id}/approve`).expect(409);
    expect(other.body).toMatchObject({ code: 'TRANSFER_STATUS_CONFLICT' });
  });

  it("reserves at once, as before, when the source's own staff or an administrator starts it", async () => {
    const product = await newProduct();
    await receive(product.id, ABDOUN, 10);
    const byStaff = (
      await omar
        .post('/api/transfers')
        .send({ fromPharmacyId: ABDOUN, toPharmacyId: DOWNTOWN, items: [{ productId: product.id, quantity: 3 }] })
        .expect(201)
    ).body as Detail;
    expect(byStaff).toMatchObject({ status: 'pending', awaitingSourceApproval: false });
    const byAdmin = (
      await admin
        .post('/api/transfers')
        .send({ fromPharmacyId: ABDOUN, toPharmacyId: DOWNTOWN, items: [{ productId: product.id, quantity: 2 }] })
        .expect(201)
    ).body as Detail;
    expect(byAdmin).toMatchObject({ status: 'pending', awaitingSourceApproval: false });
    expect(await reserved(product.id, ABDOUN)).toBe(5);
    await sellAtAbdoun(product.id, 6).expect(409);
  });

  it('is finished by the transfer reactor when the approval step fails after the reservation landed', async () => {
    const product = await newProduct();
    await receive(product.id, ABDOUN, 8);
    const transfer = (await request(product.id, 5).expect(201)).body as Detail;
    // The reservation lands at the source; the approval on the transfer's stream fails once.
    faulty.failNext(`transfer-${transfer.id}`, 'before');
    await omar.post(`/api/transfers/${transfer.id}/approve`).expect(200);
    const deadline = Date.now() + 10_000;
    while ((await eventsOf(transfer.id, 'TransferDispatched')) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await eventsOf(transfer.id, 'TransferApproved')).toBe(1);
    expect(await eventsOf(transfer.id, 'TransferDispatched')).toBe(1);
    // The read models follow the reactor's steps.
    while ((await onHand(product.id, ABDOUN)) !== 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await onHand(product.id, ABDOUN)).toBe(3);
    expect(await reserved(product.id, ABDOUN)).toBe(0);
    const detail = (await layla.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail;
    expect(detail).toMatchObject({ status: 'approved', awaitingSourceApproval: false, canReceive: true });
  });

  it('puts the packs back on sale when the request was cancelled before its approval reserved them', async () => {
    const product = await newProduct();
    const batch = await receive(product.id, ABDOUN, 6);
    const transfer = (await request(product.id, 4).expect(201)).body as Detail;
    // The cancellation lands first, and its release finds nothing held...
    await layla.post(`/api/transfers/${transfer.id}/cancel`).send({}).expect(200);
    // ...then an approval that read the transfer as pending (on another server) reserves at the source.
    const now = new Date().toISOString();
    await app.server.runtime.store.append(
      `stock-${ABDOUN}`,
      [
        {
          id: randomUUID(),
          type: 'TransferStockReserved',
          data: {
            transferId: transfer.id,
            pharmacyId: ABDOUN,
            toPharmacyId: DOWNTOWN,
            notes: 'Running low',
            requestedBy: null,
            requestedAt: now,
            items: [
              {
                batchId: batch.id,
                productId: product.id,
                batchNumber: batch.batchNumber,
                expiryDate: batch.expiryDate,
                purchasePrice: batch.purchasePrice,
                quantity: 4,
              },
            ],
            approval: { approvedBy: null, approvedAt: now },
          },
          metadata: {
            userId: null,
            pharmacyId: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: now,
            schemaVersion: 2,
          },
        },
      ],
      'any',
    );
    // The process cannot approve a cancelled transfer: it releases what the approval held.
    const deadline = Date.now() + 10_000;
    while ((await eventsOf(transfer.id, 'TransferStockReleased')) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await eventsOf(transfer.id, 'TransferStockReleased')).toBe(1);
    expect(await eventsOf(transfer.id, 'TransferApproved')).toBe(0);
    while ((await reserved(product.id, ABDOUN)) !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await reserved(product.id, ABDOUN)).toBe(0);
    expect(await onHand(product.id, ABDOUN)).toBe(6);
    const detail = (await layla.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail;
    expect(detail.status).toBe('cancelled');
    expect(detail.timeline.map((s) => s.step)).toEqual(['requested', 'cancelled', 'released']);
  });

  it('leaves read models that a replay of the log reproduces exactly', async () => {
    const run = (await admin.post('/api/audit/verification').expect(200)).body as {
      status: string;
      tables: Array<{ table: string; unexpected: number; missing: number }>;
    };
    expect(run.tables.filter((t) => t.unexpected + t.missing > 0)).toEqual([]);
    expect(run.status).toBe('ok');
  });
});
