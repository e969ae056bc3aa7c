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
 * Big lists (issue 13): GET /api/transfers pages, sorts, searches and filters
 * on the server, and GET /api/transfers/summary counts every transfer for the
 * tiles; without paging the list is the specification's array.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
interface Transfer {
  id: string;
  fromPharmacyId: string;
  toPharmacyId: string;
  status: string;
  notes: string | null;
  createdAt: string;
}
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

describe('transfer pages', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  const prefix = unique('TPAGE').toLowerCase();
  let zarqa: string;
  /** t[0..4], created in this order. */
  const t: Transfer[] = [];

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    zarqa = (
      (
        await admin
          .post('/api/pharmacies')
          .send({ name: `Zarqa ${prefix}`, nameAr: `الزرقاء ${prefix}`, address: '1 Main Street, Zarqa' })
          .expect(201)
      ).body as { id: string }
    ).id;
    const product = (
      (
        await admin
          .post('/api/products')
          .send({ sku: `${prefix}-P`, name: `Transfer page ${prefix}`, price: '2.00' })
          .expect(201)
      ).body as { id: string }
    ).id;
    for (const pharmacyId of [DOWNTOWN, ABDOUN, zarqa]) {
      await admin
        .post('/api/inventory')
        .send({
          productId: product,
          pharmacyId,
          batchNumber: unique('LOT'),
          quantity: 50,
          purchasePrice: '1.00',
          expiryDate: isoDaysFromNow(300),
        })
        .expect(201);
    }
    const routes: Array<[string, string, string | null]> = [
      [DOWNTOWN, ABDOUN, `Weekend cover ${prefix}`],
      [ABDOUN, DOWNTOWN, `Flu season ${prefix}`],
      [ABDOUN, zarqa, 'Opening stock'],
      [zarqa, DOWNTOWN, null],
      [DOWNTOWN, zarqa, 'Returned surplus'],
    ];
    for (const [fromPharmacyId, toPharmacyId, notes] of routes) {
      const created = await admin
        .post('/api/transfers')
        .send({ fromPharmacyId, toPharmacyId, notes, items: [{ productId: product, quantity: 2 }] })
        .expect(201);
      t.push(created.body as Transfer);
    }
    await admin.post(`/api/transfers/${t[1]!.id}/approve`).expect(200);
    await admin.post(`/api/transfers/${t[2]!.id}/approve`).expect(200);
    await admin.post(`/api/transfers/${t[2]!.id}/receive`).send({}).expect(200);
    await admin.post(`/api/transfers/${t[4]!.id}/cancel`).send({ reason: 'Not needed' }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get('/api/transfers').query(query).expect(200);
    return { transfers: response.body as Transfer[], total: Number(response.headers['x-total-count']) };
  };
  const idsOf = (transfers: Transfer[]) => transfers.map((transfer) => transfer.id);
  const ours = (...indexes: number[]) => indexes.map((index) => t[index]!.id);
  /** Every transfer of this test names its prefix: in the notes, or through Zarqa's name. */
  const mine = { q: prefix };

  it('answers the plain array without paging, as the specification says', async () => {
    const response = await admin.get('/api/transfers').expect(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(idsOf(response.body as Transfer[])).toEqual(expect.arrayContaining(ours(0, 1, 2, 3, 4)));
  });

  it('pages newest first by default, every match once, and says how many match', async () => {
    const seen: Transfer[] = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const { transfers, total } = await page({ ...mine, limit: 2, offset });
      expect(total).toBe(5);
      seen.push(...transfers);
    }
    expect(idsOf(seen)).toEqual(ours(4, 3, 2, 1, 0));
    expect(idsOf((await page({ ...mine, sort: 'created' })).transfers)).toEqual(ours(0, 1, 2, 3, 4));
  });

  it('sorts by status in a transfer’s order, newest first within each', async () => {
    const { transfers } = await page({ ...mine, sort: 'status' });
    expect(transfers.map((transfer) => transfer.status)).toEqual([
      'pending',
      'pending',
      'approved',
      'completed',
      'cancelled',
    ]);
    expect(idsOf(transfers)).toEqual(ours(3, 0, 1, 2, 4));
    expect(idsOf((await page({ ...mine, sort: '-status' })).transfers)).toEqual(ours(4, 2, 1, 3, 0));
  });

  it('searches the number, either pharmacy’s name in either language and the notes; filters by status', async () => {
    const number = `#${t[2]!.id.slice(-8).toUpperCase()}`;
    expect(idsOf((await page({ q: number })).transfers)).toEqual(ours(2));
    expect(idsOf((await page({ q: `الزرقاء ${prefix}` })).transfers)).toEqual(ours(4, 3, 2));
    expect(idsOf((await page({ q: `FLU SEASON ${prefix}` })).transfers)).toEqual(ours(1));
    expect(await page({ q: `${prefix}-nothing` })).toEqual({ transfers: [], total: 0 });
    expect(await page({ ...mine, status: 'cancelled' })).toEqual({
      transfers: [expect.objectContaining({ id: t[4]!.id })],
      total: 1,
    });
    expect((await page({ ...mine, status: 'pending', pharmacyId: zarqa })).transfers.map((x) => x.id)).toEqual(ours(3));
  });

  it('counts every transfer in scope for the tiles, not a page', async () => {
    const all = (await admin.get('/api/transfers').expect(200)).body as Transfer[];
    const count = (list: Transfer[], status: string) => list.filter((x) => x.status === status).length;
    const summary = (await admin.get('/api/transfers/summary').expect(200)).body as Record<string, number>;
    expect(summary).toEqual({
      pending: count(all, 'pending'),
      approved: count(all, 'approved'),
      completed: count(all, 'completed'),
      cancelled: count(all, 'cancelled'),
      total: all.length,
    });
    expect((await admin.get('/api/transfers/summary').query({ pharmacyId: zarqa }).expect(200)).body).toEqual({
      pending: 1,
      approved: 0,
      completed: 1,
      cancelled: 1,
      total: 3,
    });
  });

  it('shows a pharmacist only the transfers of their pharmacies, and refuses another pharmacy', async () => {
    const { transfers, total } = await page({ ...mine, limit: 10 }, layla);
    expect(total).toBe(4);
    expect(idsOf(transfers)).toEqual(ours(4, 3, 1, 0));
    const own = (await layla.get('/api/transfers').expect(200)).body as Transfer[];
    const summary = (await layla.get('/api/transfers/summary').expect(200)).body as { total: number };
    expect(summary.total).toBe(own.length);
    expect(idsOf(own)).not.toContain(t[2]!.id);
    for (const path of ['/api/transfers', '/api/transfers/summary']) {
      const refused = await layla.get(path).query({ pharmacyId: ABDOUN, limit: 5 }).expect(403);
      expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
    }
  });

  it('refuses a page it cannot give, with a message a person can act on', async () => {
    const messages = async (query: Record<string, string>) =>
      (
        (await admin.get('/api/transfers').query(query).expect(400)).body as { errors: Array<{ message: string }> }
      ).errors.map((e) => e.message);
    expect(await messages({ limit: '501' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ offset: 'x' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages({ sort: 'from' })).toEqual([
      'Sort by created or status, with a leading minus for descending',
    ]);
    expect(await messages({ status: 'lost' })).toEqual(['Status must be pending, approved, completed or cancelled']);
  });
});
