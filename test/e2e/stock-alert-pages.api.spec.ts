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
 * Big lists (issue 13): the lists of stock to act on (GET /api/inventory/expiring,
 * /low-stock and /shortages) page, sort and search on the server and stay the
 * plain array without paging parameters; their summaries count every row that matches.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Expiring = {
  batchId: string;
  productId: string;
  productName: string;
  batchNumber: string;
  quantity: number;
  expiryDate: string;
  daysToExpiry: number;
  pharmacyId: string;
  pharmacyName: string;
};
type LowStock = { productId: string; productName: string; productSku: string; currentStock: number };
type Shortage = {
  pharmacyId: string;
  pharmacyName: string;
  productId: string;
  productName: string;
  currentStock: number;
  minStockLevel: number;
  deficit: number;
  suggestedSourceId: string | null;
  suggestedSourceStock: number;
  canFulfill: boolean;
  otherLocationsCount: number;
  status: string;
};
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

const byKeys =
  <T>(...keys: Array<(item: T) => string | number>) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

describe('pages of stock to act on', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  const prefix = unique('ALRT').toUpperCase();
  const products: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'epsilon', { id: string }> = {} as never;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    const product = async (key: keyof typeof products, name: string, nameAr: string, minStockLevel: number) => {
      products[key] = (
        await admin
          .post('/api/products')
          .send({
            sku: `${prefix}-${key.toUpperCase()}`,
            name: `${prefix} ${name}`,
            nameAr: `${nameAr} ${prefix}`,
            price: '4.00',
            minStockLevel,
          })
          .expect(201)
      ).body as { id: string };
    };
    await product('alpha', 'Alpha', 'ألفا', 10);
    await product('beta', 'Beta', 'بيتا', 10);
    await product('gamma', 'Gamma', 'غاما', 20);
    await product('delta', 'Delta', 'دلتا', 10);
    await product('epsilon', 'Epsilon', 'إبسيلون', 10);
    const receive = async (productId: string, number: string, days: number, quantity: number, pharmacyId: string) =>
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
      ).body as { id: string };
    const expired = await receive(products.alpha.id, 'EXP', 100, 3, DOWNTOWN);
    // A receipt cannot have expired already; a correction of the date can.
    await admin
      .put(`/api/inventory/${expired.id}`)
      .send({
        productId: products.alpha.id,
        pharmacyId: DOWNTOWN,
        batchNumber: `${prefix}-EXP`,
        quantity: 3,
        purchasePrice: '1.50',
        expiryDate: isoDaysFromNow(-5),
      })
      .expect(200);
    await receive(products.alpha.id, 'SOON', 20, 4, DOWNTOWN);
    await receive(products.alpha.id, 'FAR', 200, 30, ABDOUN);
    await receive(products.beta.id, 'CRIT', 3, 5, DOWNTOWN);
    await receive(products.gamma.id, 'MID', 45, 25, DOWNTOWN);
    await receive(products.epsilon.id, 'EPS', 25, 2, ABDOUN);
  });
  afterAll(async () => {
    await app.stop();
  });

  const get = async <T>(path: string, query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get(path).query(query).expect(200);
    const header = response.headers['x-total-count'] as string | undefined;
    return { rows: response.body as T[], total: header === undefined ? undefined : Number(header) };
  };
  const messages = async (path: string, query: Record<string, string>) =>
    ((await admin.get(path).query(query).expect(400)).body as { errors: Array<{ message: string }> }).errors.map(
      (e) => e.message,
    );

  describe('expiring batches', () => {
    const path = '/api/inventory/expiring';
    const numbers = (rows: Expiring[]) => rows.map((row) => row.batchNumber.slice(prefix.length + 1));
    const mine = async (query: Record<string, string | number> = {}, agent: Agent = admin) =>
      (await get<Expiring>(path, query, agent)).rows.filter((row) => row.batchNumber.startsWith(`${prefix}-`));

    it('answers the plain array of the window without paging, as the specification says', async () => {
      const plain = await get<Expiring>(path, { days: 30 });
      expect(plain.total).toBeUndefined();
      expect(numbers(plain.rows.filter((row) => row.batchNumber.startsWith(`${prefix}-`)))).toEqual([
        'EXP',
        'CRIT',
        'SOON',
        'EPS',
      ]);
      expect(numbers(await mine({ days: 7 }))).toEqual(['EXP', 'CRIT']);
      expect(numbers(await mine({ days: 60 }))).toEqual(['EXP', 'CRIT', 'SOON', 'EPS', 'MID']);
      // A search alone asks for a page.
      expect((await get<Expiring>(path, { days: 30, q: prefix })).total).toBe(4);
    });

    it('pages the matches soonest first, every match once, and says how many there are', async () => {
      const plain = await mine({ days: 60 });
      const seen: Expiring[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const { rows, total } = await get<Expiring>(path, { days: 60, q: prefix, limit: 2, offset });
        expect(total).toBe(5);
        seen.push(...rows);
      }
      expect(seen).toEqual(plain);
      expect(await get<Expiring>(path, { days: 60, q: prefix, limit: 2, offset: 6 })).toEqual({ rows: [], total: 5 });
    });

    it('sorts by each field, both ways, the batch id breaking ties', async () => {
      const all = await mine({ days: 60 });
      const orders: Record<string, Array<(row: Expiring) => string | number>> = {
        expiry: [(row) => row.expiryDate],
        name: [(row) => row.productName],
        quantity: [(row) => row.quantity],
        pharmacy: [(row) => row.pharmacyName],
      };
      for (const [sort, keys] of Object.entries(orders)) {
        const ascending = [...all].sort(byKeys(...keys, (row) => row.batchId)).map((row) => row.batchId);
        const page = async (order: string) =>
          (await get<Expiring>(path, { days: 60, q: prefix, sort: order })).rows.map((row) => row.batchId);
        expect({ sort, ids: await page(sort) }).toEqual({ sort, ids: ascending });
        expect({ sort, ids: await page(`-${sort}`) }).toEqual({ sort, ids: [...ascending].reverse() });
      }
      expect(numbers((await get<Expiring>(path, { days: 60, q: prefix, sort: '-quantity', limit: 2 })).rows)).toEqual([
        'MID',
        'CRIT',
      ]);
      // Abdoun comes before Downtown.
      expect(numbers((await get<Expiring>(path, { days: 30, q: prefix, sort: 'pharmacy', limit: 1 })).rows)).toEqual([
        'EPS',
      ]);
    });

    it('searches the product in both languages and its SKU, the batch number and the pharmacy', async () => {
      const found = async (q: string, days = 30) => numbers((await get<Expiring>(path, { days, q })).rows).sort();
      expect(await found(`${prefix} alpha`.toLowerCase())).toEqual(['EXP', 'SOON']);
      expect(await found(`ألفا ${prefix}`)).toEqual(['EXP', 'SOON']);
      expect(await found(`${prefix}-beta`.toLowerCase())).toEqual(['CRIT']);
      expect(await found(`${prefix}-mid`.toLowerCase(), 60)).toEqual(['MID']);
      expect((await get<Expiring>(path, { days: 30, q: 'abdoun' })).rows.every((r) => r.pharmacyId === ABDOUN)).toBe(
        true,
      );
      expect(numbers(await mine({ days: 30, q: 'عبدون', limit: 500 }))).toEqual(['EPS']);
      // Wildcards in the text are matched literally.
      expect(await get<Expiring>(path, { days: 30, q: `${prefix}%` })).toEqual({ rows: [], total: 0 });
    });

    it('sums the cards over every matching batch, and agrees with the rows', async () => {
      const summary = async (query: Record<string, string | number>, agent: Agent = admin) =>
        (await agent.get(`${path}/summary`).query(query).expect(200)).body as Record<string, number>;
      const expected = (rows: Expiring[]) => {
        const expired = rows.filter((row) => row.daysToExpiry <= 0);
        const units = (list: Expiring[]) => list.reduce((sum, row) => sum + row.quantity, 0);
        return {
          expired: expired.length,
          expiringSoon: rows.length - expired.length,
          total: rows.length,
          expiredUnits: units(expired),
          expiringSoonUnits: units(rows) - units(expired),
          totalUnits: units(rows),
        };
      };
      const mineIn30 = await mine({ days: 30 });
      expect(await summary({ days: 30, q: prefix })).toEqual(expected(mineIn30));
      expect(await summary({ days: 30, q: prefix })).toEqual({
        expired: 1,
        expiringSoon: 3,
        total: 4,
        expiredUnits: 3,
        expiringSoonUnits: 11,
        totalUnits: 14,
      });
      // Without a search it counts the whole window, as the plain array lists it.
      expect(await summary({ days: 90 })).toEqual(expected((await get<Expiring>(path, { days: 90 })).rows));
      expect(await summary({ days: 30, pharmacyId: ABDOUN })).toEqual(
        expected((await get<Expiring>(path, { days: 30, pharmacyId: ABDOUN })).rows),
      );
      // A pharmacist's cards cover their own pharmacies only; another pharmacy is refused.
      expect(await summary({ days: 30, q: prefix }, layla)).toEqual(
        expected(mineIn30.filter((row) => row.pharmacyId === DOWNTOWN)),
      );
      const refused = await layla.get(`${path}/summary`).query({ pharmacyId: ABDOUN }).expect(403);
      expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
    });

    it("shows a pharmacist only their pharmacies' batches, and refuses another pharmacy", async () => {
      const own = await get<Expiring>(path, { days: 30, q: prefix }, layla);
      expect(own.total).toBe(3);
      expect(new Set(own.rows.map((row) => row.pharmacyId))).toEqual(new Set([DOWNTOWN]));
      expect((await get<Expiring>(path, { days: 30, q: 'abdoun' }, layla)).total).toBe(0);
      const refused = await layla.get(path).query({ pharmacyId: ABDOUN, limit: 5 }).expect(403);
      expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
    });

    it('refuses a page it cannot give, with a message a person can act on', async () => {
      expect(await messages(path, { limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
      expect(await messages(path, { offset: '-1' })).toEqual(['Offset must be a whole number of at least 0']);
      expect(await messages(path, { sort: 'batch' })).toEqual([
        'Sort by expiry, name, quantity or pharmacy, with a leading minus for descending',
      ]);
      expect(await messages(`${path}/summary`, { days: '5' })).toEqual([
        (await admin.get(path).query({ days: '5' }).expect(400)).body.errors[0].message,
      ]);
    });
  });

  describe('low stock', () => {
    const path = '/api/inventory/low-stock';
    const names = (rows: LowStock[]) => rows.map((row) => row.productName.slice(prefix.length + 1));

    it('answers the plain array without paging, and pages, sorts and searches with it', async () => {
      const plain = await get<LowStock>(path, {});
      expect(plain.total).toBeUndefined();
      const mine = plain.rows.filter((row) => row.productSku.startsWith(`${prefix}-`));
      expect(mine.map((row) => [row.productName.slice(prefix.length + 1), row.currentStock])).toEqual([
        ['Delta', 0],
        ['Epsilon', 2],
        ['Beta', 5],
      ]);

      const seen: LowStock[] = [];
      for (let offset = 0; offset < 4; offset += 2) {
        const { rows, total } = await get<LowStock>(path, { q: prefix, limit: 2, offset });
        expect(total).toBe(3);
        seen.push(...rows);
      }
      expect(seen).toEqual(mine);
      expect(names((await get<LowStock>(path, { q: prefix, sort: '-stock' })).rows)).toEqual([
        'Beta',
        'Epsilon',
        'Delta',
      ]);
      expect(names((await get<LowStock>(path, { q: prefix, sort: 'name' })).rows)).toEqual([
        'Beta',
        'Delta',
        'Epsilon',
      ]);
      expect(names((await get<LowStock>(path, { q: prefix, sort: '-sku' })).rows)).toEqual([
        'Epsilon',
        'Delta',
        'Beta',
      ]);
      expect(names((await get<LowStock>(path, { q: `إبسيلون ${prefix}` })).rows)).toEqual(['Epsilon']);
      expect(await get<LowStock>(path, { q: prefix, offset: 5 })).toEqual({ rows: [], total: 3 });
    });

    it("counts a pharmacist's own pharmacies only, and refuses a bad page", async () => {
      // At Downtown Alpha holds 7 packs (3 of them expired) and Epsilon none.
      const own = await get<LowStock>(path, { q: prefix, sort: 'name' }, layla);
      expect(names(own.rows)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon']);
      expect(own.rows.map((row) => row.currentStock)).toEqual([7, 5, 0, 0]);
      await layla.get(path).query({ pharmacyId: ABDOUN, limit: 5 }).expect(403);
      expect(await messages(path, { limit: '501' })).toEqual(['Limit must be a whole number from 1 to 500']);
      expect(await messages(path, { sort: 'deficit' })).toEqual([
        'Sort by stock, name or sku, with a leading minus for descending',
      ]);
    });
  });

  describe('shortages', () => {
    const path = '/api/inventory/shortages';
    const cells = (rows: Shortage[]) =>
      rows.map((row) => `${row.productName.slice(prefix.length + 1)}@${row.pharmacyId === DOWNTOWN ? 'DT' : 'AB'}`);
    const mine = async (query: Record<string, string> = {}, agent: Agent = admin) =>
      (await get<Shortage>(path, query, agent)).rows.filter((row) => row.productName.startsWith(`${prefix} `));

    it('answers the plain array, largest deficit first, with the best source of each', async () => {
      const plain = await get<Shortage>(path, {});
      expect(plain.total).toBeUndefined();
      const rows = plain.rows.filter((row) => row.productName.startsWith(`${prefix} `));
      expect(cells(rows)).toEqual([
        'Gamma@AB',
        'Beta@AB',
        'Delta@AB',
        'Delta@DT',
        'Epsilon@DT',
        'Epsilon@AB',
        'Alpha@DT',
        'Beta@DT',
      ]);
      expect(rows.map((row) => row.deficit)).toEqual([20, 10, 10, 10, 10, 8, 6, 5]);
      // Alpha: Downtown's expired packs do not count; Abdoun can spare 20 of its 30.
      expect(rows[6]).toMatchObject({
        currentStock: 4,
        suggestedSourceId: ABDOUN,
        suggestedSourceStock: 20,
        canFulfill: true,
        otherLocationsCount: 1,
        status: 'can_fulfill',
      });
      // Gamma: Downtown can spare 5 of the 20 missing at Abdoun.
      expect(rows[0]).toMatchObject({ suggestedSourceId: DOWNTOWN, suggestedSourceStock: 5, status: 'partial' });
      expect(rows[1]).toMatchObject({ suggestedSourceId: null, status: 'no_source', otherLocationsCount: 0 });
    });

    it('pages every shortage once in each order, and says how many there are', async () => {
      const plain = await mine();
      const seen: Shortage[] = [];
      for (let offset = 0; offset < 9; offset += 3) {
        const { rows, total } = await get<Shortage>(path, { q: prefix, limit: 3, offset });
        expect(total).toBe(8);
        seen.push(...rows);
      }
      expect(seen).toEqual(plain);
      expect(await get<Shortage>(path, { q: prefix, limit: 3, offset: 9 })).toEqual({ rows: [], total: 8 });

      const ordered = async (sort: string) => cells((await get<Shortage>(path, { q: prefix, sort })).rows);
      expect(await ordered('deficit')).toEqual([
        'Beta@DT',
        'Alpha@DT',
        'Epsilon@AB',
        'Beta@AB',
        'Delta@AB',
        'Delta@DT',
        'Epsilon@DT',
        'Gamma@AB',
      ]);
      expect(await ordered('name')).toEqual([
        'Alpha@DT',
        'Beta@AB',
        'Beta@DT',
        'Delta@AB',
        'Delta@DT',
        'Epsilon@AB',
        'Epsilon@DT',
        'Gamma@AB',
      ]);
      expect((await ordered('-name')).slice(0, 2)).toEqual(['Gamma@AB', 'Epsilon@AB']);
      expect(await ordered('pharmacy')).toEqual([
        'Gamma@AB',
        'Beta@AB',
        'Delta@AB',
        'Epsilon@AB',
        'Delta@DT',
        'Epsilon@DT',
        'Alpha@DT',
        'Beta@DT',
      ]);
      expect(await ordered('-stock')).toEqual([
        'Beta@DT',
        'Alpha@DT',
        'Epsilon@AB',
        'Beta@AB',
        'Delta@AB',
        'Delta@DT',
        'Epsilon@DT',
        'Gamma@AB',
      ]);
    });

    it('searches products and pharmacies, and sums the cards over every match', async () => {
      expect(cells((await get<Shortage>(path, { q: `${prefix} gamma`.toLowerCase() })).rows)).toEqual(['Gamma@AB']);
      expect(cells((await get<Shortage>(path, { q: `بيتا ${prefix}` })).rows)).toEqual(['Beta@AB', 'Beta@DT']);
      const atAbdoun = await get<Shortage>(path, { q: 'abdoun', limit: 500 });
      expect(atAbdoun.rows.every((row) => row.pharmacyId === ABDOUN)).toBe(true);

      const summary = async (query: Record<string, string>, agent: Agent = admin) =>
        (await agent.get(`${path}/summary`).query(query).expect(200)).body as Record<string, number>;
      const expected = (rows: Shortage[]) => ({
        total: rows.length,
        critical: rows.filter((row) => row.currentStock <= 0).length,
        canFulfill: rows.filter((row) => row.canFulfill).length,
        deficit: rows.reduce((sum, row) => sum + row.deficit, 0),
      });
      expect(await summary({ q: prefix })).toEqual({ total: 8, critical: 5, canFulfill: 1, deficit: 79 });
      expect(await summary({ q: prefix })).toEqual(expected(await mine()));
      expect(await summary({})).toEqual(expected((await get<Shortage>(path, {})).rows));
      expect(await summary({ pharmacyId: ABDOUN })).toEqual(
        expected((await get<Shortage>(path, { pharmacyId: ABDOUN })).rows),
      );
      expect(await summary({ q: prefix }, layla)).toEqual({ total: 4, critical: 2, canFulfill: 1, deficit: 31 });
    });

    it("shows a pharmacist only their pharmacies' shortages, and refuses a bad page", async () => {
      const own = await get<Shortage>(path, { q: prefix }, layla);
      expect(cells(own.rows)).toEqual(['Delta@DT', 'Epsilon@DT', 'Alpha@DT', 'Beta@DT']);
      expect(own.total).toBe(4);
      for (const target of [path, `${path}/summary`]) {
        const refused = await layla.get(target).query({ pharmacyId: ABDOUN }).expect(403);
        expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
      }
      expect(await messages(path, { limit: 'all' })).toEqual(['Limit must be a whole number from 1 to 500']);
      expect(await messages(path, { offset: '1.5' })).toEqual(['Offset must be a whole number of at least 0']);
      expect(await messages(path, { sort: 'source' })).toEqual([
        'Sort by deficit, name, pharmacy or stock, with a leading minus for descending',
      ]);
    });
  });
});
