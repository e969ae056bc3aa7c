import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** Stock counts with sales going on, and write-offs, through HTTP against real PostgreSQL (issue 10). */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

interface CountDetail {
  id: string;
  status: string;
  canPost: boolean;
  lines: Array<{
    batchId: string;
    productId: string;
    expected: number;
    counted: number | null;
    variance: number | null;
    change: number | null;
    currentQuantity: number;
  }>;
}

describe('stock counts', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;

  async function stockedCategory() {
    const category = (
      await admin
        .post('/api/categories')
        .send({ name: unique('Count shelf') })
        .expect(201)
    ).body as { id: string };
    const sku = unique('CNT');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Count ${sku}`, price: '2.00', categoryId: category.id })
        .expect(201)
    ).body as { id: string };
    const receive = async (quantity: number, days: number) =>
      (
        await admin
          .post('/api/inventory')
          .send({
            productId: product.id,
            pharmacyId: DOWNTOWN,
            batchNumber: unique('LOT'),
            quantity,
            purchasePrice: '1.00',
            expiryDate: isoDaysFromNow(days),
          })
          .expect(201)
      ).body as { id: string };
    const first = await receive(10, 60);
    const second = await receive(5, 300);
    return { categoryId: category.id, productId: product.id, first: first.id, second: second.id };
  }

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await layla.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('posts counted − expected at the start, with sales made during the count kept', async () => {
    const { categoryId, productId, first, second } = await stockedCategory();
    const started = (
      await layla.post('/api/stock-counts').send({ pharmacyId: DOWNTOWN, categoryId, note: 'Shelf B' }).expect(201)
    ).body as CountDetail;
    expect(started.status).toBe('open');
    expect(started.canPost).toBe(false); // Layla is not Downtown's manager
    expect(started.lines.map((l) => [l.batchId, l.expected]).sort()).toEqual(
      [
        [first, 10],
        [second, 5],
      ].sort(),
    );

    // The counter finds 9 in the first batch (one missing) and 5 in the second; meanwhile 3 are sold (FEFO: first batch).
    await layla
      .post('/api/sales/complete')
      .send({ cashReceived: '20.00', items: [{ productId, quantity: 3 }] })
      .expect(201);
    const noReason = await layla
      .put(`/api/stock-counts/${started.id}/counts`)
      .send({
        counts: [
          { batchId: first, counted: 9 },
          { batchId: second, counted: 5 },
        ],
      })
      .expect(200);
    expect((noReason.body as CountDetail).lines.find((l) => l.batchId === first)).toMatchObject({
      variance: -1,
      currentQuantity: 7,
    });
    await layla.post(`/api/stock-counts/${started.id}/post`).expect(403);
    const refused = await admin.post(`/api/stock-counts/${started.id}/post`).expect(400);
    expect(refused.body).toMatchObject({ code: 'VARIANCE_REASON_REQUIRED' });
    await layla
      .put(`/api/stock-counts/${started.id}/counts`)
      .send({ counts: [{ batchId: first, counted: 9, reason: 'theft' }] })
      .expect(200);
    const posted = (await admin.post(`/api/stock-counts/${started.id}/post`).expect(200)).body as CountDetail;
    expect(posted.status).toBe('posted');
    expect(posted.lines.find((l) => l.batchId === first)).toMatchObject({ change: -1, currentQuantity: 6 });
    expect(posted.lines.find((l) => l.batchId === second)).toMatchObject({ change: 0, currentQuantity: 5 });
    await admin.post(`/api/stock-counts/${started.id}/post`).expect(404);

    const history = (await admin.get(`/api/inventory/${first}/history`).expect(200)).body as Array<{ type: string }>;
    expect(history.map((h) => h.type)).toContain('StockCountPosted');
    const listed = (await layla.get('/api/stock-counts').expect(200)).body as Array<{ id: string; status: string }>;
    expect(listed.find((c) => c.id === started.id)).toMatchObject({ status: 'posted' });
  });

  it('counts one shelf: only the products kept there', async () => {
    const shelf = unique('Aisle');
    const onShelf = (
      await admin
        .post('/api/products')
        .send({ sku: unique('SH'), name: 'On the shelf', price: '1.00', shelfLocation: shelf })
        .expect(201)
    ).body as { id: string; shelfLocation: string };
    expect(onShelf.shelfLocation).toBe(shelf);
    const elsewhere = (
      await admin
        .post('/api/products')
        .send({ sku: unique('SH'), name: 'Elsewhere', price: '1.00' })
        .expect(201)
    ).body as { id: string };
    for (const productId of [onShelf.id, elsewhere.id]) {
      await admin
        .post('/api/inventory')
        .send({
          productId,
          pharmacyId: DOWNTOWN,
          batchNumber: unique('SH-LOT'),
          quantity: 3,
          purchasePrice: '0.50',
          expiryDate: isoDaysFromNow(120),
        })
        .expect(201);
    }
    const started = (
      await layla
        .post('/api/stock-counts')
        .send({ pharmacyId: DOWNTOWN, shelfLocation: ` ${shelf.toUpperCase()} ` })
        .expect(201)
    ).body as CountDetail & { shelfLocation: string };
    expect(started.shelfLocation).toBe(shelf.toUpperCase());
    expect(started.lines.map((l) => l.productId)).toEqual([onShelf.id]);
  });

  it('keeps counts to the pharmacies the caller works at, and validates what is entered', async () => {
    await layla.post('/api/stock-counts').send({ pharmacyId: ABDOUN }).expect(403);
    const started = (await admin.post('/api/stock-counts').send({ pharmacyId: ABDOUN }).expect(201))
      .body as CountDetail;
    await layla.get(`/api/stock-counts/${started.id}`).expect(403);
    const bad = await admin
      .put(`/api/stock-counts/${started.id}/counts`)
      .send({ counts: [{ batchId: started.lines[0]?.batchId ?? DOWNTOWN, counted: -1, reason: 'lost' }] })
      .expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'counts.0.counted', message: 'The counted quantity must be a whole number of at least 0' },
        {
          field: 'counts.0.reason',
          message: 'Choose a reason: miscount, damaged, expired, theft, found, supplier error or other',
        },
      ]),
    );
    const cancelled = (
      await admin.post(`/api/stock-counts/${started.id}/cancel`).send({ reason: 'Started by mistake' }).expect(200)
    ).body as CountDetail;
    expect(cancelled.status).toBe('cancelled');
  });
});

describe('write-offs', () => {
  let app: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('takes destroyed units out of stock with the witness, and refuses more than there is', async () => {
    const sku = unique('WO');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Write-off ${sku}`, price: '2.00' })
        .expect(201)
    ).body as { id: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: 'WO-1',
          quantity: 8,
          purchasePrice: '1.00',
          expiryDate: isoDaysFromNow(10),
        })
        .expect(201)
    ).body as { id: string };
    const missing = await admin.post(`/api/inventory/${batch.id}/write-offs`).send({ quantity: 2, reason: 'damaged' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'witness', message: 'Witness is required' }]);
    const written = await admin
      .post(`/api/inventory/${batch.id}/write-offs`)
      .send({ quantity: 3, reason: 'damaged', witness: 'Dr. Salma Haddad', note: 'Water damage' })
      .expect(201);
    expect(written.body).toMatchObject({ id: batch.id, quantity: 5 });
    const tooMany = await admin
      .post(`/api/inventory/${batch.id}/write-offs`)
      .send({ quantity: 6, reason: 'damaged', witness: 'x' })
      .expect(409);
    expect(tooMany.body).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    const history = (await admin.get(`/api/inventory/${batch.id}/history`).expect(200)).body as Array<{
      type: string;
      data: { witness?: string };
    }>;
    expect(history.find((h) => h.type === 'StockWrittenOff')?.data.witness).toBe('Dr. Salma Haddad');
  });
});
