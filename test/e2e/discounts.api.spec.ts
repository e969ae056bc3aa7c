import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** Batch discounts through HTTP against real PostgreSQL (issue 10): set, sold at, changed, ended. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

describe('batch discounts', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let omar: Agent;

  async function stocked(quantity: number, expiresInDays: number, pharmacyId = DOWNTOWN) {
    const sku = unique('DSC');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Discount test ${sku}`, price: '9.99', commissionRate: '10.00', commissionEnabled: true })
        .expect(201)
    ).body as { id: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId,
          batchNumber: unique('LOT'),
          quantity,
          purchasePrice: '4.00',
          expiryDate: isoDaysFromNow(expiresInDays),
        })
        .expect(201)
    ).body as { id: string };
    return { productId: product.id, batchId: batch.id };
  }

  const sell = (agent: Agent, productId: string, quantity: number) =>
    agent
      .post('/api/sales/complete')
      .send({ cashReceived: '100.00', items: [{ productId, quantity, salesUnit: 'whole' }] })
      .expect(201);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
    await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('sells the batch at the discounted price, with the commission on what was paid, until it is ended', async () => {
    const { productId, batchId } = await stocked(10, 20);
    const set = await layla
      .post('/api/inventory/discount')
      .send({ batchId: batchId.toUpperCase(), discountPercentage: 25, reason: 'Expires within a month' })
      .expect(200);
    expect(set.body).toMatchObject({ id: batchId, discountPercentage: '25.00' });

    const sale = (await sell(layla, productId, 2)).body as {
      id: string;
      totalAmount: string;
      lines: Array<{ unitPrice: string; totalPrice: string; discountAmount: string; commissionAmount: string }>;
    };
    expect(sale.totalAmount).toBe('14.98');
    expect(sale.lines[0]).toMatchObject({
      unitPrice: '9.99',
      totalPrice: '14.98',
      discountAmount: '5.00',
      commissionAmount: '1.50',
    });
    const stored = (await layla.get(`/api/sales/${sale.id}`).expect(200)).body as {
      lines: Array<{ discountAmount: string; allocations: Array<{ discountPercentage: string | null }> }>;
    };
    expect(stored.lines[0]).toMatchObject({ discountAmount: '5.00', allocations: [{ discountPercentage: '25.00' }] });

    await layla
      .post('/api/inventory/discount')
      .send({ batchId, discountPercentage: 40, reason: 'Still not selling' })
      .expect(200);
    expect((await sell(layla, productId, 1)).body.totalAmount).toBe('5.99');

    const ended = await layla
      .post(`/api/inventory/${batchId}/discount/end`)
      .send({ reason: 'Back to list price' })
      .expect(200);
    expect(ended.body.discountPercentage).toBeNull();
    expect((await sell(layla, productId, 1)).body.totalAmount).toBe('9.99');
    await layla.post(`/api/inventory/${batchId}/discount/end`).send({ reason: 'Again' }).expect(409);

    const history = (await layla.get(`/api/inventory/${batchId}/history`).expect(200)).body as Array<{ type: string }>;
    expect(history.map((h) => h.type).filter((t) => t.startsWith('BatchDiscount'))).toEqual([
      'BatchDiscountSet',
      'BatchDiscountSet',
      'BatchDiscountEnded',
    ]);
    const expiring = (await layla.get('/api/inventory/expiring').query({ days: 30, pharmacyId: DOWNTOWN }).expect(200))
      .body as Array<{ batchId: string; discountPercentage: string | null }>;
    expect(expiring.find((b) => b.batchId === batchId)).toMatchObject({ discountPercentage: null });
  });

  it('refuses a percentage out of range, a missing reason and a pharmacy the caller does not work at', async () => {
    const { batchId } = await stocked(5, 40);
    const low = await admin.post('/api/inventory/discount').send({ batchId, discountPercentage: 0, reason: 'x' });
    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual([{ field: 'discountPercentage', message: 'Discount must be at least 1%' }]);
    const high = await admin.post('/api/inventory/discount').send({ batchId, discountPercentage: 95, reason: 'x' });
    expect(high.body.errors).toEqual([{ field: 'discountPercentage', message: 'Discount cannot exceed 90%' }]);
    const noReason = await admin.post('/api/inventory/discount').send({ batchId, discountPercentage: 10, reason: ' ' });
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    const elsewhere = await stocked(5, 40, ABDOUN);
    // Layla works at Downtown only.
    await layla
      .post('/api/inventory/discount')
      .send({ batchId: elsewhere.batchId, discountPercentage: 10, reason: 'x' })
      .expect(403);
    await omar
      .post('/api/inventory/discount')
      .send({ batchId: elsewhere.batchId, discountPercentage: 10, reason: 'x' })
      .expect(200);
  });
});
