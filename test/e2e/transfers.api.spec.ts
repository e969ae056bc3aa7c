import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

/** Stock transfers and shortages through HTTP against real PostgreSQL (issue 9). */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;

interface Batch {
  id: string;
  productId: string;
  pharmacyId: string;
  batchNumber: string;
  quantity: number;
  reservedQuantity: number;
  purchasePrice: string | null;
  expiryDate: string;
}
interface Detail {
  id: string;
  status: string;
  items: Array<{ batchId: string; batchNumber: string; quantity: number; receivedQuantity: number | null }>;
  timeline: Array<{ step: string; userName: string | null; note: string | null }>;
  discrepancyReason: string | null;
  canApprove: boolean;
  canReceive: boolean;
  canCancel: boolean;
}

describe('stock transfers', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;

  async function newProduct(overrides: Record<string, unknown> = {}) {
    const sku = unique('TRF');
    return (
      await admin
        .post('/api/products')
        .send({ sku, name: `Transfer test ${sku}`, price: '3.50', minStockLevel: 10, ...overrides })
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
          purchasePrice: '1.75',
          expiryDate: isoDaysFromNow(expiresInDays),
        })
        .expect(201)
    ).body as Batch;
  }

  const batches = async (agent: Agent, productId: string, pharmacyId: string) =>
    ((await agent.get('/api/inventory').query({ pharmacyId }).expect(200)).body as Batch[]).filter(
      (b) => b.productId === productId,
    );
  const onHand = async (productId: string, pharmacyId: string) =>
    (await batches(admin, productId, pharmacyId)).reduce((n, b) => n + b.quantity, 0);
  const available = async (productId: string, pharmacyId: string) =>
    (
      (await admin.get('/api/inventory/availability').query({ pharmacyId }).expect(200)).body as Array<{
        productId: string;
        availableQty: number;
      }>
    ).find((row) => row.productId === productId)?.availableQty ?? 0;

  const create = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/transfers').send(body);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('reserves, dispatches and receives with a shortfall: stock moves with its batch, and nothing is lost', async () => {
    const product = await newProduct();
    const early = await receive(product.id, ABDOUN, 4, 90);
    const late = await receive(product.id, ABDOUN, 10, 300);

    const created = await create(admin, {
      fromPharmacyId: ABDOUN.toUpperCase(),
      toPharmacyId: DOWNTOWN,
      items: [{ productId: product.id, quantity: 6 }],
      notes: 'Weekend cover',
    }).expect(201);
    const transfer = created.body as Detail;
    expect(transfer.status).toBe('pending');
    // First expired, first out: all of the early batch, then two of the late one.
    expect(transfer.items.map((i) => [i.batchId, i.quantity]).sort()).toEqual(
      [
        [early.id, 4],
        [late.id, 2],
      ].sort(),
    );
    // Held back at once: on hand is unchanged, for sale is not.
    expect(await onHand(product.id, ABDOUN)).toBe(14);
    expect(await available(product.id, ABDOUN)).toBe(8);

    const listed = (await admin.get('/api/transfers').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
      id: string;
      status: string;
      notes: string;
      fromPharmacyName: string;
    }>;
    expect(listed.find((t) => t.id === transfer.id)).toMatchObject({ status: 'pending', notes: 'Weekend cover' });

    // Layla works at Downtown, the destination: she may not dispatch Abdoun's stock.
    await layla.post(`/api/transfers/${transfer.id}/approve`).expect(403);
    const approved = (await admin.post(`/api/transfers/${transfer.id}/approve`).expect(200)).body as Detail;
    expect(approved.status).toBe('approved');
    expect(await onHand(product.id, ABDOUN)).toBe(8);
    expect(await onHand(product.id, DOWNTOWN)).toBe(0);
    // In transit: in neither pharmacy, and counted by the transfer.
    const inTransit = (
      (await admin.get('/api/transfers').expect(200)).body as Array<{ id: string; totalQuantity: number }>
    ).find((t) => t.id === transfer.id)!.totalQuantity;
    expect((await onHand(product.id, ABDOUN)) + (await onHand(product.id, DOWNTOWN)) + inTransit).toBe(14);

    const seenByLayla = (await layla.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail;
    expect(seenByLayla).toMatchObject({ canApprove: false, canReceive: true, canCancel: true });

    const short = await layla
      .post(`/api/transfers/${transfer.id}/receive`)
      .send({
        items: [
          { batchId: early.id, receivedQuantity: 4 },
          { batchId: late.id, receivedQuantity: 1 },
        ],
      })
      .expect(400);
    expect(short.body).toMatchObject({ code: 'DISCREPANCY_REASON_REQUIRED' });

    const received = (
      await layla
        .post(`/api/transfers/${transfer.id}/receive`)
        .send({
          items: [
            { batchId: early.id, receivedQuantity: 4 },
            { batchId: late.id, receivedQuantity: 1 },
          ],
          discrepancyReason: 'One pack crushed in the box',
        })
        .expect(200)
    ).body as Detail;
    expect(received).toMatchObject({ status: 'completed', discrepancyReason: 'One pack crushed in the box' });
    expect(received.timeline.map((s) => s.step)).toEqual([
      'requested',
      'approved',
      'dispatched',
      'received',
      'arrived',
    ]);

    const arrived = await batches(admin, product.id, DOWNTOWN);
    expect(arrived.map((b) => [b.batchNumber, b.expiryDate, b.purchasePrice, b.quantity]).sort()).toEqual(
      [
        [early.batchNumber, early.expiryDate, '1.75', 4],
        [late.batchNumber, late.expiryDate, '1.75', 1],
      ].sort(),
    );
    // 14 at the start = 8 left at the source + 5 arrived + 1 recorded as not arrived.
    expect((await onHand(product.id, ABDOUN)) + (await onHand(product.id, DOWNTOWN)) + 1).toBe(14);
    await admin.post(`/api/transfers/${transfer.id}/cancel`).send({}).expect(409);
  });

  it('refuses what cannot be done with the messages of the form', async () => {
    const product = await newProduct();
    await receive(product.id, DOWNTOWN, 3);
    const same = await create(admin, {
      fromPharmacyId: DOWNTOWN,
      toPharmacyId: DOWNTOWN,
      items: [{ productId: product.id, quantity: 1 }],
    }).expect(400);
    expect(same.body.errors).toEqual([
      { field: 'toPharmacyId', message: 'Source and destination pharmacy cannot be the same' },
    ]);
    const none = await create(admin, { fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [] }).expect(400);
    expect(none.body.errors).toEqual([{ field: 'items', message: 'At least one product is required' }]);
    const missing = await create(admin, { items: [{ productId: product.id, quantity: 0 }] }).expect(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'fromPharmacyId', message: 'Source pharmacy is required' },
        { field: 'toPharmacyId', message: 'Destination pharmacy is required' },
        { field: 'items.0.quantity', message: 'Quantity must be at least 1' },
      ]),
    );
    const tooMany = await create(admin, {
      fromPharmacyId: DOWNTOWN,
      toPharmacyId: ABDOUN,
      items: [{ productId: product.id, quantity: 4 }],
    }).expect(409);
    expect(tooMany.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: 3 });
    expect(tooMany.body.message).toMatch(/Only 3 packs .* can be transferred from here \(4 asked\)/);
    const inactive = await create(admin, {
      fromPharmacyId: DOWNTOWN,
      toPharmacyId: IRBID,
      items: [{ productId: product.id, quantity: 1 }],
    }).expect(409);
    expect(inactive.body).toMatchObject({ code: 'PHARMACY_INACTIVE' });
    // Layla has nothing to do with Abdoun → Irbid.
    await create(layla, {
      fromPharmacyId: ABDOUN,
      toPharmacyId: IRBID,
      items: [{ productId: product.id, quantity: 1 }],
    }).expect(403);
    const events = await app.server.runtime.pool.query(
      "SELECT count(*)::int AS n FROM eventstore.events WHERE type = 'TransferStockReserved' AND data->>'pharmacyId' = $1 AND data->'items'->0->>'productId' = $2",
      [DOWNTOWN, product.id],
    );
    expect(events.rows[0].n).toBe(0);
  });

  it('cancels at each stage: a pending one releases its packs, one in transit puts them back', async () => {
    const product = await newProduct();
    await receive(product.id, DOWNTOWN, 5);
    const body = { fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [{ productId: product.id, quantity: 5 }] };

    const pending = (await create(layla, body).expect(201)).body as Detail;
    expect(await available(product.id, DOWNTOWN)).toBe(0);
    const cancelled = (
      await layla.post(`/api/transfers/${pending.id}/cancel`).send({ reason: 'Asked by mistake' }).expect(200)
    ).body as Detail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.map((s) => s.step)).toEqual(['requested', 'cancelled', 'released']);
    expect(await available(product.id, DOWNTOWN)).toBe(5);

    const inTransit = (await create(layla, body).expect(201)).body as Detail;
    await layla.post(`/api/transfers/${inTransit.id}/approve`).expect(200);
    expect(await onHand(product.id, DOWNTOWN)).toBe(0);
    await admin.post(`/api/transfers/${inTransit.id}/cancel`).send({}).expect(200);
    expect(await onHand(product.id, DOWNTOWN)).toBe(5);
    expect(await onHand(product.id, ABDOUN)).toBe(0);
    await admin.post(`/api/transfers/${inTransit.id}/receive`).send({}).expect(409);
    await admin.post(`/api/transfers/${inTransit.id}/cancel`).send({}).expect(409);
  });

  it('never lets a sale and a transfer take the same last packs', async () => {
    const product = await newProduct();
    await receive(product.id, DOWNTOWN, 5);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    const sale = () =>
      admin
        .post('/api/sales/complete')
        .send({ cashReceived: '100.00', items: [{ productId: product.id, quantity: 1, salesUnit: 'whole' }] });
    const transfer = () =>
      create(admin, {
        fromPharmacyId: DOWNTOWN,
        toPharmacyId: ABDOUN,
        items: [{ productId: product.id, quantity: 3 }],
      });
    const answers = await Promise.all([sale(), transfer(), sale(), sale(), transfer(), sale(), sale()]);
    const sold = answers.filter((a) => a.status === 201 && a.body.totalAmount).length;
    const reserved = answers.filter((a) => a.status === 201 && a.body.status === 'pending').length * 3;
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(sold + reserved).toBeLessThanOrEqual(5);
    const held = await batches(admin, product.id, DOWNTOWN);
    expect(held.reduce((n, b) => n + b.quantity, 0)).toBe(5 - sold);
    expect(held.reduce((n, b) => n + b.reservedQuantity, 0)).toBe(reserved);
  });

  it('answers a retried creation with the same transfer, reserving once', async () => {
    const product = await newProduct();
    await receive(product.id, DOWNTOWN, 5);
    const body = { fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [{ productId: product.id, quantity: 2 }] };
    const key = unique('key');
    const first = (await admin.post('/api/transfers').set('Idempotency-Key', key).send(body).expect(201))
      .body as Detail;
    const again = (await admin.post('/api/transfers').set('Idempotency-Key', key).send(body).expect(201))
      .body as Detail;
    expect(again.id).toBe(first.id);
    expect(await available(product.id, DOWNTOWN)).toBe(3);
  });

  it('suggests the pharmacy that can spare the most, and counts reserved and expired packs as gone', async () => {
    const product = await newProduct({ minStockLevel: 10 });
    await receive(product.id, DOWNTOWN, 3);
    await receive(product.id, DOWNTOWN, 20, 5); // expires soon: still sellable
    await receive(product.id, ABDOUN, 30);
    const shortages = async (pharmacyId?: string) =>
      (
        (
          await admin
            .get('/api/inventory/shortages')
            .query(pharmacyId ? { pharmacyId } : {})
            .expect(200)
        ).body as Array<{
          productId: string;
          pharmacyId: string;
          currentStock: number;
          deficit: number;
          suggestedSource: string | null;
          suggestedSourceId: string | null;
          suggestedSourceStock: number;
          canFulfill: boolean;
          otherLocationsCount: number;
          status: string;
        }>
      ).filter((s) => s.productId === product.id);
    expect(await shortages()).toEqual([]);
    // Holding 21 of Downtown's 23 packs for a transfer leaves 2 for sale: 8 short, and Abdoun can spare 20.
    const held = (
      await create(admin, {
        fromPharmacyId: DOWNTOWN,
        toPharmacyId: ABDOUN,
        items: [{ productId: product.id, quantity: 21 }],
      }).expect(201)
    ).body as Detail;
    expect(await shortages(DOWNTOWN)).toEqual([
      expect.objectContaining({
        pharmacyId: DOWNTOWN,
        currentStock: 2,
        deficit: 8,
        suggestedSourceId: ABDOUN,
        suggestedSourceStock: 20,
        canFulfill: true,
        otherLocationsCount: 1,
        status: 'can_fulfill',
      }),
    ]);
    await admin.post(`/api/transfers/${held.id}/cancel`).send({}).expect(200);
    expect(await shortages(DOWNTOWN)).toEqual([]);
    // Layla sees only Downtown's shortages; asking for Abdoun's is refused.
    await layla.get('/api/inventory/shortages').query({ pharmacyId: ABDOUN }).expect(403);
  });
});

describe('a transfer whose process dies between its steps', () => {
  it.each(['before', 'after'] as const)(
    'is finished once by the next process when it died %s the dispatch append',
    async (when) => {
      let mortal!: FaultyStore;
      const first = await startTestApp({
        seed: true,
        decorateStore: (store) => {
          mortal = new FaultyStore(store);
          return mortal.wrap();
        },
      });
      const admin = await first.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      const sku = unique('CRASH');
      const product = (
        await admin
          .post('/api/products')
          .send({ sku, name: `Crash ${sku}`, price: '2.00' })
          .expect(201)
      ).body as { id: string };
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: 'C-1',
          quantity: 9,
          purchasePrice: '1.00',
          expiryDate: isoDaysFromNow(100),
        })
        .expect(201);
      const transfer = (
        await admin
          .post('/api/transfers')
          .send({ fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [{ productId: product.id, quantity: 4 }] })
          .expect(201)
      ).body as Detail;

      mortal.dieAtNextAppendTo(`stock-${DOWNTOWN}`, when);
      // The approval landed; the dispatch did not (or did, and the process died before saying so).
      const approve = await admin.post(`/api/transfers/${transfer.id}/approve`);
      expect(approve.status).toBe(200);
      const database = first.database;
      await first.server.close();

      const second = await startTestApp({ database });
      try {
        const admin2 = await second.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
        const count = async (type: string) =>
          (
            await second.server.runtime.pool.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM eventstore.events WHERE type = $1 AND data->>'transferId' = $2",
              [type, transfer.id],
            )
          ).rows[0]!.n;
        const deadline = Date.now() + 10_000;
        while ((await count('TransferDispatched')) === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await count('TransferDispatched')).toBe(1);
        const detail = (await admin2.get(`/api/transfers/${transfer.id}`).expect(200)).body as Detail;
        expect(detail.status).toBe('approved');
        await admin2.post(`/api/transfers/${transfer.id}/receive`).send({}).expect(200);
        expect(await count('TransferStockArrived')).toBe(1);
        const stock = async (pharmacyId: string) =>
          (
            (await admin2.get('/api/inventory').query({ pharmacyId }).expect(200)).body as Array<{
              productId: string;
              quantity: number;
            }>
          )
            .filter((b) => b.productId === product.id)
            .reduce((n, b) => n + b.quantity, 0);
        expect([await stock(DOWNTOWN), await stock(ABDOUN)]).toEqual([5, 4]);
        const causes = await second.server.runtime.pool.query<{ type: string; causation: string | null }>(
          "SELECT type, metadata->>'causationId' AS causation FROM eventstore.events WHERE data->>'transferId' = $1 ORDER BY position",
          [transfer.id],
        );
        // Every step names the fact that called for it.
        for (const step of causes.rows.filter((r) =>
          ['TransferRequested', 'TransferDispatched', 'TransferStockArrived'].includes(r.type),
        )) {
          expect(step.causation).toMatch(/^[0-9a-f-]{36}$/);
        }
      } finally {
        await second.stop();
        await database.drop();
      }
    },
  );
});
