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
 * Big lists (issue 13): GET /api/inventory pages, sorts, searches and filters
 * on the server, and stays the plain array without them; Expiry Tracking's
 * summary and Inventory → Overview add up over everything that matches.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Batch = {
  id: string;
  productId: string;
  pharmacyId: string;
  pharmacyName: string;
  productName: string;
  batchNumber: string;
  quantity: number;
  expiryDate: string;
  receivedDate: string;
};
type Band = 'expired' | 'critical' | 'soon' | 'expiring' | 'good';
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

/** Specification 001 §4: the band of a batch by the days until its expiry. */
function band(expiryDate: string): Band {
  const days = Math.round((Date.parse(expiryDate) - Date.parse(isoDaysFromNow(0))) / 86_400_000);
  if (days < 0) return 'expired';
  if (days <= 7) return 'critical';
  if (days <= 30) return 'soon';
  if (days <= 60) return 'expiring';
  return 'good';
}

const byKeys =
  <T>(...keys: Array<(item: T) => string | number>) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

describe('inventory pages', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  const prefix = unique('INVP').toUpperCase();
  /** Every batch this test made, as the plain list shows them. */
  let made: Batch[] = [];
  let alpha: { id: string };
  let beta: { id: string };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    const product = async (suffix: string, name: string, nameAr: string) =>
      (
        await admin
          .post('/api/products')
          .send({ sku: `${prefix}-${suffix}`, name: `${prefix} ${name}`, nameAr: `${nameAr} ${prefix}`, price: '4.00' })
          .expect(201)
      ).body as { id: string };
    alpha = await product('A', 'Alpha', 'ألفا');
    beta = await product('B', 'Beta', 'بيتا');
    const receive = async (productId: string, number: string, days: number, quantity: number, pharmacyId = DOWNTOWN) =>
      (
        await admin
          .post('/api/inventory')
          .send({
            productId,
            pharmacyId,
            batchNumber: `${prefix}-${number}`,
            quantity,
            purchasePrice: '1.50',
            expiryDate: isoDaysFromNow(Math.max(days, 1)),
          })
          .expect(201)
      ).body as Batch & { version: number };
    const expired = await receive(alpha.id, 'EXP', 100, 3);
    // A receipt cannot have expired already; a correction of the date can.
    await admin
      .put(`/api/inventory/${expired.id}`)
      .send({
        productId: alpha.id,
        pharmacyId: DOWNTOWN,
        batchNumber: `${prefix}-EXP`,
        quantity: 3,
        purchasePrice: '1.50',
        expiryDate: isoDaysFromNow(-5),
      })
      .expect(200);
    await receive(alpha.id, 'CRIT', 3, 4, ABDOUN);
    await receive(beta.id, 'SOON', 20, 5);
    await receive(beta.id, 'MID', 45, 6, ABDOUN);
    await receive(alpha.id, 'GOOD', 200, 7);
    const sold = await receive(beta.id, 'ZERO', 10, 2);
    await admin
      .post(`/api/inventory/${sold.id}/adjustments`)
      .send({ quantityChange: -2, reason: 'damaged' })
      .expect(201);
    await receive(alpha.id, 'EDGE7', 7, 8);
    await receive(beta.id, 'EDGE8', 8, 9);
    made = ((await admin.get('/api/inventory').expect(200)).body as Batch[]).filter((b) =>
      b.batchNumber.startsWith(`${prefix}-`),
    );
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get('/api/inventory').query(query).expect(200);
    return { batches: response.body as Batch[], total: Number(response.headers['x-total-count']) };
  };
  const numbers = (batches: Batch[]) => batches.map((b) => b.batchNumber.slice(prefix.length + 1));

  it('answers the plain array of every batch without paging, as the specification says', async () => {
    expect(made).toHaveLength(8);
    expect(made.find((b) => b.batchNumber.endsWith('-ZERO'))).toMatchObject({ quantity: 0 });
    const response = await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect((response.body as Batch[]).every((b) => b.pharmacyId === DOWNTOWN)).toBe(true);
    // A search alone asks for a page.
    expect((await admin.get('/api/inventory').query({ q: prefix }).expect(200)).headers['x-total-count']).toBe('8');
  });

  it('pages the matches by expiry, every match once, and says how many there are', async () => {
    const expected = [...made].sort(
      byKeys(
        (b) => b.expiryDate,
        (b) => b.id,
      ),
    );
    const seen: Batch[] = [];
    for (let offset = 0; offset < 9; offset += 3) {
      const { batches, total } = await page({ q: prefix, limit: 3, offset });
      expect(total).toBe(8);
      expect(batches.length).toBe(offset === 6 ? 2 : 3);
      seen.push(...batches);
    }
    expect(seen.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    expect(seen).toEqual(expected);
    expect(numbers(seen)).toEqual(['EXP', 'CRIT', 'EDGE7', 'EDGE8', 'ZERO', 'SOON', 'MID', 'GOOD']);
    expect(await page({ q: prefix, limit: 3, offset: 9 })).toEqual({ batches: [], total: 8 });
  });

  it('sorts by each field, both ways, the id breaking ties', async () => {
    const orders: Record<string, Array<(b: Batch) => string | number>> = {
      expiry: [(b) => b.expiryDate],
      product: [(b) => b.productName, (b) => b.productId],
      batch: [(b) => b.batchNumber],
      quantity: [(b) => b.quantity],
      received: [(b) => b.receivedDate],
    };
    for (const [sort, keys] of Object.entries(orders)) {
      const ascending = [...made].sort(byKeys(...keys, (b) => b.id)).map((b) => b.id);
      expect({ sort, ids: (await page({ q: prefix, sort, limit: 50 })).batches.map((b) => b.id) }).toEqual({
        sort,
        ids: ascending,
      });
      expect({ sort, ids: (await page({ q: prefix, sort: `-${sort}`, limit: 50 })).batches.map((b) => b.id) }).toEqual({
        sort,
        ids: [...ascending].reverse(),
      });
    }
    expect(numbers((await page({ q: prefix, sort: '-quantity', limit: 2 })).batches)).toEqual(['EDGE8', 'EDGE7']);
  });

  it('searches product names in both languages and batch numbers, ignoring case; locations only when asked', async () => {
    const alphas = made.filter((b) => b.productId === alpha.id).map((b) => b.id);
    const found = async (query: Record<string, string>) =>
      (await page({ ...query, sort: 'batch', limit: 50 })).batches.map((b) => b.id).sort();
    expect(await found({ q: `${prefix} alpha`.toLowerCase() })).toEqual([...alphas].sort());
    expect(await found({ q: `ألفا ${prefix}` })).toEqual([...alphas].sort());
    expect(numbers((await page({ q: `${prefix}-edge8`.toLowerCase() })).batches)).toEqual(['EDGE8']);
    // Wildcards in the text are matched literally.
    expect(await page({ q: `${prefix}%` })).toEqual({ batches: [], total: 0 });

    const atAbdoun = made.filter((b) => b.pharmacyId === ABDOUN);
    expect(await found({ q: 'ABDOUN', matchLocation: 'true' })).toEqual(atAbdoun.map((b) => b.id).sort());
    expect(await found({ q: 'عبدون', matchLocation: 'true' })).toEqual(atAbdoun.map((b) => b.id).sort());
    expect(await page({ q: 'abdoun' })).toEqual({ batches: [], total: 0 });
  });

  it('filters by expiry band, by stock held and by pharmacy', async () => {
    const only = async (query: Record<string, string>) => numbers((await page({ q: prefix, ...query })).batches);
    expect(await only({ status: 'expired' })).toEqual(['EXP']);
    expect(await only({ status: 'critical' })).toEqual(['CRIT', 'EDGE7']);
    expect(await only({ status: 'soon' })).toEqual(['EDGE8', 'ZERO', 'SOON']);
    expect(await only({ status: 'soon', inStock: 'true' })).toEqual(['EDGE8', 'SOON']);
    expect(await only({ status: 'expiring' })).toEqual(['MID']);
    expect(await only({ status: 'good' })).toEqual(['GOOD']);
    // Batch Management's FEFO banner: expired, or expiring within 30 days, holding units.
    expect(await only({ status: 'expired,critical,soon', inStock: 'true', limit: '3' })).toEqual([
      'EXP',
      'CRIT',
      'EDGE7',
    ]);
    expect(await only({ status: 'expired,good' })).toEqual(['EXP', 'GOOD']);
    for (const status of ['expired', 'critical', 'soon', 'expiring', 'good'] as const) {
      const { batches, total } = await page({ q: prefix, status });
      expect({ status, ids: batches.map((b) => b.id).sort(), total }).toEqual({
        status,
        ids: made
          .filter((b) => band(b.expiryDate) === status)
          .map((b) => b.id)
          .sort(),
        total: made.filter((b) => band(b.expiryDate) === status).length,
      });
    }
    expect(await only({ pharmacyId: ABDOUN })).toEqual(['CRIT', 'MID']);
  });

  it('sums Expiry Tracking over every matching batch holding units, and names the urgent ones', async () => {
    const summary = async (query: Record<string, string>, agent: Agent = admin) =>
      (await agent.get('/api/inventory/expiry-summary').query(query).expect(200)).body as {
        units: Record<Band, number>;
        urgent: Batch[];
      };
    const unitsOf = (batches: Batch[]) => {
      const units: Record<Band, number> = { expired: 0, critical: 0, soon: 0, expiring: 0, good: 0 };
      for (const b of batches) if (b.quantity > 0) units[band(b.expiryDate)] += b.quantity;
      return units;
    };
    const all = await summary({ q: prefix });
    expect(all.units).toEqual(unitsOf(made));
    expect(all.units).toEqual({ expired: 3, critical: 12, soon: 14, expiring: 6, good: 7 });
    expect(numbers(all.urgent)).toEqual(['EXP', 'CRIT', 'EDGE7']);
    expect(all.urgent[0]).toEqual(made.find((b) => b.batchNumber.endsWith('-EXP')));

    const abdoun = made.filter((b) => b.pharmacyId === ABDOUN);
    expect((await summary({ q: prefix, pharmacyId: ABDOUN })).units).toEqual(unitsOf(abdoun));
    expect((await summary({ q: 'abdoun', matchLocation: 'true' })).units).toEqual(unitsOf(abdoun));
    expect(await summary({ q: `${prefix}-nothing` })).toEqual({
      units: { expired: 0, critical: 0, soon: 0, expiring: 0, good: 0 },
      urgent: [],
    });

    // A pharmacist's totals cover their own pharmacies only; another pharmacy is refused.
    const own = await summary({ q: prefix }, layla);
    expect(own.units).toEqual(unitsOf(made.filter((b) => b.pharmacyId === DOWNTOWN)));
    expect(numbers(own.urgent)).toEqual(['EXP', 'EDGE7']);
    const refused = await layla.get('/api/inventory/expiry-summary').query({ pharmacyId: ABDOUN }).expect(403);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
  });

  it("shows a pharmacist only their pharmacies' batches, and refuses another pharmacy", async () => {
    const own = await page({ q: prefix, limit: 50 }, layla);
    expect(own.total).toBe(made.filter((b) => b.pharmacyId === DOWNTOWN).length);
    expect(new Set(own.batches.map((b) => b.pharmacyId))).toEqual(new Set([DOWNTOWN]));
    expect((await page({ q: 'abdoun', matchLocation: 'true' }, layla)).total).toBe(0);
    for (const path of ['/api/inventory', '/api/inventory/overview']) {
      const refused = await layla.get(path).query({ pharmacyId: ABDOUN, limit: 5 }).expect(403);
      expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
    }
  });

  it('pages Inventory → Overview: each product with the units, batches, earliest expiry and places it is held', async () => {
    type Row = {
      productId: string;
      onHand: number;
      batchCount: number;
      nearestExpiry: string | null;
      locations: Array<{ id: string }>;
    };
    const overview = async (query: Record<string, string | number>, agent: Agent = admin) => {
      const response = await agent.get('/api/inventory/overview').query(query).expect(200);
      return { rows: response.body as Row[], total: Number(response.headers['x-total-count']) };
    };
    const expected = (productId: string, pharmacies: string[]) => {
      const held = made.filter((b) => b.productId === productId && b.quantity > 0 && pharmacies.includes(b.pharmacyId));
      return {
        productId,
        onHand: held.reduce((sum, b) => sum + b.quantity, 0),
        batchCount: held.length,
        nearestExpiry: held.map((b) => b.expiryDate).sort()[0] ?? null,
        // By name: Abdoun before Downtown.
        locations: [...new Map(held.map((b) => [b.pharmacyName, b.pharmacyId])).entries()]
          .sort()
          .map(([, id]) => expect.objectContaining({ id })),
      };
    };
    const { rows, total } = await overview({ q: prefix });
    expect(total).toBe(2);
    expect(rows).toEqual([
      expect.objectContaining(expected(alpha.id, [DOWNTOWN, ABDOUN])),
      expect.objectContaining(expected(beta.id, [DOWNTOWN, ABDOUN])),
    ]);
    expect(rows[0]).toMatchObject({ onHand: 22, batchCount: 4, nearestExpiry: isoDaysFromNow(-5) });
    expect(rows[1]).toMatchObject({ onHand: 20, batchCount: 3, nearestExpiry: isoDaysFromNow(8) });
    expect((await overview({ q: prefix, sort: '-name', limit: 1 })).rows.map((r) => r.productId)).toEqual([beta.id]);
    expect(await overview({ q: prefix, limit: 1, offset: 1 })).toEqual({ rows: [rows[1]], total: 2 });

    const own = await overview({ q: `${prefix} alpha` }, layla);
    expect(own.rows).toEqual([expect.objectContaining(expected(alpha.id, [DOWNTOWN]))]);
  });

  it('refuses a page it cannot give, with a message a person can act on', async () => {
    const messages = async (path: string, query: Record<string, string>) =>
      ((await admin.get(path).query(query).expect(400)).body as { errors: Array<{ message: string }> }).errors.map(
        (e) => e.message,
      );
    expect(await messages('/api/inventory', { limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages('/api/inventory', { limit: '501' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages('/api/inventory', { offset: '-1' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages('/api/inventory', { sort: 'name' })).toEqual([
      'Sort by expiry, product, batch, quantity or received, with a leading minus for descending',
    ]);
    expect(await messages('/api/inventory', { status: 'expired,stale' })).toEqual([
      'Status must be expired, critical, soon, expiring or good (several separated by commas)',
    ]);
    expect(await messages('/api/inventory', { inStock: 'yes' })).toEqual(['Use true or false']);
    expect(await messages('/api/inventory/expiry-summary', { matchLocation: '1' })).toEqual(['Use true or false']);
    expect(await messages('/api/inventory/overview', { sort: 'stock' })).toEqual([
      'Sort by name, nameAr or sku, with a leading minus for descending',
    ]);
    expect(await messages('/api/inventory/overview', { limit: 'ten' })).toEqual([
      'Limit must be a whole number from 1 to 500',
    ]);
  });
});
