import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseEventData, stockStreamId } from '@pharmacy/domain';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** The expiry scan started from the API (issue 10): expired stock recorded once, shown as such, never sold. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN } = demoPharmacyIds;

describe('the expiry scan', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await layla.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('records a batch that expired with units left once, shows it, and keeps it from sale', async () => {
    const sku = unique('EXS');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Scan ${sku}`, price: '3.00' })
        .expect(201)
    ).body as { id: string };
    // Received long ago, expired three days ago: the receipt dialog refuses past dates, so it is planted in the log.
    const batchId = randomUUID();
    await app.server.runtime.store.append(
      stockStreamId(DOWNTOWN),
      [
        {
          id: randomUUID(),
          type: 'BatchReceived',
          data: parseEventData('BatchReceived', {
            pharmacyId: DOWNTOWN,
            batchId,
            productId: product.id,
            batchNumber: 'OLD-1',
            quantity: 6,
            purchasePrice: '1.00',
            expiryDate: isoDaysFromNow(-3),
            receivedDate: isoDaysFromNow(-300),
            supplierId: null,
          }),
          metadata: {
            userId: null,
            pharmacyId: DOWNTOWN,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );

    await layla.post('/api/inventory/expiry-scan').expect(403);
    expect((await admin.get('/api/inventory/expiry-scan').expect(200)).body).toEqual({ lastRun: null });
    const run = (await admin.post('/api/inventory/expiry-scan').expect(200)).body as {
      batches: number;
      pharmacies: number;
      durationMs: number;
      trigger: string;
    };
    expect(run.batches).toBeGreaterThanOrEqual(1);
    expect(run.pharmacies).toBe(3);
    const again = (await admin.post('/api/inventory/expiry-scan').expect(200)).body as { batches: number };
    expect(again.batches).toBe(0);
    expect((await admin.get('/api/inventory/expiry-scan').expect(200)).body).toMatchObject({ lastRun: { batches: 0 } });

    const expired = await app.server.runtime.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM eventstore.events WHERE type = 'BatchExpired' AND data->>'batchId' = $1",
      [batchId],
    );
    expect(expired.rows[0]!.n).toBe(1);
    // The read model catches up with what the scan wrote.
    const deadline = Date.now() + 5000;
    let shown: { expiredOn: string | null; quantity: number } | undefined;
    while (Date.now() < deadline) {
      shown = (
        (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
          id: string;
          expiredOn: string | null;
          quantity: number;
        }>
      ).find((b) => b.id === batchId);
      if (shown?.expiredOn) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shown).toMatchObject({ expiredOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), quantity: 6 });

    const sale = await layla
      .post('/api/sales/complete')
      .send({ cashReceived: '10.00', items: [{ productId: product.id, quantity: 1 }] })
      .expect(409);
    expect(sale.body).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    await admin.post('/api/inventory/discount').send({ batchId, discountPercentage: 10, reason: 'x' }).expect(409);
  });
});
