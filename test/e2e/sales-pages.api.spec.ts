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
 * Big lists (issue 13): GET /api/sales pages (offset), sorts and searches on
 * the server with the total in X-Total-Count, and answers the newest `limit`
 * sales as before when called as before.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Sale = { id: string; pharmacyId: string; customerName: string | null; totalAmount: string; createdAt: string };
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

describe('sales pages', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let omar: Agent;
  const prefix = unique('SALEPG').toUpperCase();
  /** Every sale this test made, newest first. */
  const made: Sale[] = [];
  // Wide enough for the pharmacies' business day, whatever the hour in UTC.
  const period = { startDate: isoDaysFromNow(-1), endDate: isoDaysFromNow(1) };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
    await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
    const product = (
      await admin
        .post('/api/products')
        .send({ sku: `${prefix}-P`, name: `${prefix} Product`, price: '3.00' })
        .expect(201)
    ).body as { id: string };
    for (const pharmacyId of [DOWNTOWN, ABDOUN]) {
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId,
          batchNumber: `${prefix}-${pharmacyId.slice(-2)}`,
          quantity: 200,
          purchasePrice: '1.00',
          expiryDate: isoDaysFromNow(300),
        })
        .expect(201);
    }
    // Seven sales at Downtown (3, 1, 5, 2, 7, 4 and 6 packs) and two at Abdoun; one walk-in.
    const sell = async (agent: Agent, quantity: number, customerName: string | null) =>
      made.unshift(
        (
          await agent
            .post('/api/sales/complete')
            .send({
              customerName,
              customerPhone: customerName ? `+962 7${quantity} 000` : null,
              notes: null,
              cashReceived: '100.00',
              items: [{ productId: product.id, quantity }],
            })
            .expect(201)
        ).body as Sale,
      );
    for (const [i, quantity] of [3, 1, 5, 2, 7, 4, 6].entries()) {
      await sell(admin, quantity, i === 3 ? null : `${prefix} Customer ${i}`);
    }
    await sell(omar, 8, `${prefix} Customer A1`);
    await sell(omar, 9, `${prefix} Customer A2`);
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get('/api/sales').query(query).expect(200);
    return { sales: response.body as Sale[], total: Number(response.headers['x-total-count']) };
  };
  const withCustomer = () => made.filter((sale) => sale.customerName !== null);

  it('answers the newest sales as before when called as before', async () => {
    const plain = await admin.get('/api/sales').expect(200);
    expect(plain.headers['x-total-count']).toBeUndefined();
    expect((plain.body as Sale[]).length).toBeLessThanOrEqual(50);
    const recent = await admin.get('/api/sales').query({ limit: 5 }).expect(200);
    expect(recent.headers['x-total-count']).toBeUndefined();
    expect((recent.body as Sale[]).map((sale) => sale.id)).toEqual(made.slice(0, 5).map((sale) => sale.id));
  });

  it('pages a search newest first, every match once, and says how many there are', async () => {
    const expected = withCustomer();
    expect(expected).toHaveLength(8);
    const seen: Sale[] = [];
    for (let offset = 0; offset < 9; offset += 3) {
      const { sales, total } = await page({ q: prefix, limit: 3, offset });
      expect(total).toBe(8);
      seen.push(...sales);
    }
    expect(seen.map((sale) => sale.id)).toEqual(expected.map((sale) => sale.id));
    expect(await page({ q: prefix, limit: 3, offset: 9 })).toEqual({ sales: [], total: 8 });
  });

  it('sorts by date and by amount, both ways, the id breaking ties', async () => {
    const ids = async (sort: string) => (await page({ q: prefix, sort, limit: 50 })).sales.map((sale) => sale.id);
    const newest = withCustomer().map((sale) => sale.id);
    expect(await ids('-date')).toEqual(newest);
    expect(await ids('date')).toEqual([...newest].reverse());
    const byAmount = [...withCustomer()]
      .sort((a, b) => Number(a.totalAmount) - Number(b.totalAmount) || (a.id < b.id ? -1 : 1))
      .map((sale) => sale.id);
    expect(await ids('total')).toEqual(byAmount);
    expect(await ids('-total')).toEqual([...byAmount].reverse());
    expect((await page({ q: prefix, sort: '-total', limit: 1 })).sales[0]).toMatchObject({ totalAmount: '27.00' });
  });

  it('finds a sale by its receipt number, the start of it, or the customer', async () => {
    const target = made[4]!;
    const receipt = target.id.slice(-8).toUpperCase();
    expect((await page({ q: `#${receipt}` })).sales.map((sale) => sale.id)).toEqual([target.id]);
    expect((await page({ q: receipt.toLowerCase() })).sales.map((sale) => sale.id)).toContain(target.id);
    expect((await page({ q: receipt.slice(0, 5) })).sales.map((sale) => sale.id)).toContain(target.id);
    expect((await page({ q: target.id.toUpperCase() })).sales.map((sale) => sale.id)).toEqual([target.id]);
    expect((await page({ q: `${prefix} customer 6`.toLowerCase() })).sales.map((sale) => sale.customerName)).toEqual([
      `${prefix} Customer 6`,
    ]);
    // The phone, and the walk-in sale by its receipt number only.
    expect((await page({ q: '+962 79 000' })).sales.map((sale) => sale.customerName)).toContain(
      `${prefix} Customer A2`,
    );
    const walkIn = made.find((sale) => sale.customerName === null)!;
    expect((await page({ q: walkIn.id.slice(-8) })).sales.map((sale) => sale.id)).toEqual([walkIn.id]);
    // Wildcards in the text are matched literally.
    expect(await page({ q: `${prefix}%` })).toEqual({ sales: [], total: 0 });
  });

  it("counts a period's sales whole, the same as listing them", async () => {
    const listed = (
      await admin
        .get('/api/sales')
        .query({ ...period, limit: 500 })
        .expect(200)
    ).body as Sale[];
    const { sales, total } = await page({ ...period, sort: '-date', limit: 4 });
    expect(total).toBe(listed.length);
    expect(sales.map((sale) => sale.id)).toEqual(listed.slice(0, 4).map((sale) => sale.id));
    const atAbdoun = (
      await admin
        .get('/api/sales')
        .query({ ...period, pharmacyId: ABDOUN, limit: 500 })
        .expect(200)
    ).body as Sale[];
    expect((await page({ ...period, pharmacyId: ABDOUN, offset: 0 })).total).toBe(atAbdoun.length);
    expect(await page({ startDate: isoDaysFromNow(-400), endDate: isoDaysFromNow(-399), offset: 0 })).toEqual({
      sales: [],
      total: 0,
    });
  });

  it("shows a pharmacist only their pharmacies' sales, and refuses another pharmacy", async () => {
    const own = await page({ q: prefix, limit: 50 }, layla);
    expect(own.total).toBe(6);
    expect(new Set(own.sales.map((sale) => sale.pharmacyId))).toEqual(new Set([DOWNTOWN]));
    const refused = await layla.get('/api/sales').query({ pharmacyId: ABDOUN, offset: 0 }).expect(403);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
  });

  it('refuses a page it cannot give, with a message a person can act on', async () => {
    const messages = async (query: Record<string, string>) =>
      (
        (await admin.get('/api/sales').query(query).expect(400)).body as { errors: Array<{ message: string }> }
      ).errors.map((e) => e.message);
    expect(await messages({ limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ offset: '-3' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages({ sort: 'customer' })).toEqual([
      'Sort by date or total, with a leading minus for descending',
    ]);
  });
});
