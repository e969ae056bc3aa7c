import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, unique, type TestApp } from '@pharmacy/test-harness';

/**
 * Big lists (issue 13): GET /api/stock-counts pages and sorts on the server;
 * without paging it is the plain array, newest first.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
interface Count {
  id: string;
  pharmacyId: string;
  status: string;
  note: string | null;
  startedAt: string;
}
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

describe('stock count pages', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  /** c[0..4], started in this order. */
  const c: Count[] = [];

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    // A category without products: the counts have no lines, so they can be posted as they are.
    const empty = (
      (
        await admin
          .post('/api/categories')
          .send({ name: unique('Empty shelf') })
          .expect(201)
      ).body as { id: string }
    ).id;
    for (const pharmacyId of [DOWNTOWN, ABDOUN, DOWNTOWN, DOWNTOWN, ABDOUN]) {
      const started = await admin
        .post('/api/stock-counts')
        .send({ pharmacyId, categoryId: empty, note: unique('Shelf') })
        .expect(201);
      c.push(started.body as Count);
    }
    await admin.post(`/api/stock-counts/${c[0]!.id}/post`).expect(200);
    await admin.post(`/api/stock-counts/${c[3]!.id}/cancel`).send({ reason: 'Started twice' }).expect(200);
    await admin.post(`/api/stock-counts/${c[4]!.id}/post`).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get('/api/stock-counts').query(query).expect(200);
    return { counts: response.body as Count[], total: Number(response.headers['x-total-count']) };
  };
  const idsOf = (counts: Count[]) => counts.map((count) => count.id);
  const ours = (...indexes: number[]) => indexes.map((index) => c[index]!.id);
  const onlyOurs = (ids: string[]) => ids.filter((id) => c.some((count) => count.id === id));

  it('answers the plain array, newest first, without paging', async () => {
    const response = await admin.get('/api/stock-counts').expect(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(onlyOurs(idsOf(response.body as Count[]))).toEqual(ours(4, 3, 2, 1, 0));
  });

  it('pages newest first by default, every count once, and says how many there are', async () => {
    const all = (await admin.get('/api/stock-counts').expect(200)).body as Count[];
    const seen: Count[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      const { counts, total } = await page({ limit: 2, offset });
      expect(total).toBe(all.length);
      seen.push(...counts);
    }
    expect(idsOf(seen)).toEqual(idsOf(all));
    expect(onlyOurs(idsOf((await page({ sort: 'started', limit: 500 })).counts))).toEqual(ours(0, 1, 2, 3, 4));
  });

  it('sorts by status: open counts first, then posted, then cancelled, newest first within each', async () => {
    const { counts } = await page({ sort: 'status', pharmacyId: DOWNTOWN });
    expect(onlyOurs(idsOf(counts))).toEqual(ours(2, 0, 3));
    expect(counts.map((count) => count.status)).toEqual(['open', 'posted', 'cancelled']);
    expect(onlyOurs(idsOf((await page({ sort: '-status' })).counts))).toEqual(ours(3, 4, 0, 2, 1));
  });

  it('shows a pharmacist only the counts of their pharmacies, and refuses another pharmacy', async () => {
    const { counts, total } = await page({ limit: 50 }, layla);
    expect(total).toBe(3);
    expect(idsOf(counts)).toEqual(ours(3, 2, 0));
    const refused = await layla.get('/api/stock-counts').query({ pharmacyId: ABDOUN, limit: 5 }).expect(403);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
  });

  it('refuses a page it cannot give, with a message a person can act on', async () => {
    const messages = async (query: Record<string, string>) =>
      (
        (await admin.get('/api/stock-counts').query(query).expect(400)).body as { errors: Array<{ message: string }> }
      ).errors.map((e) => e.message);
    expect(await messages({ limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ offset: '1.5' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages({ sort: 'pharmacy' })).toEqual([
      'Sort by started or status, with a leading minus for descending',
    ]);
  });
});
