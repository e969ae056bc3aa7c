import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, unique, type TestApp } from '@pharmacy/test-harness';

/**
 * Big lists (issue 13): the short named lists — GET /api/categories,
 * /api/suppliers and /api/pharmacies — page, sort and search on the server
 * like every other list, and stay the specification's plain array without
 * paging.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
interface Named {
  id: string;
  name: string;
  isActive?: boolean;
}

describe('pages of categories, suppliers and pharmacies', () => {
  let app: TestApp;
  let admin: Agent;
  let pharmacist: Agent;
  const prefix = unique('named')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  // Created in this order; the names sort differently on purpose.
  const names = [`${prefix} Charlie`, `${prefix} alpha`, `${prefix} Bravo`];
  const created: Record<'categories' | 'suppliers' | 'pharmacies', string[]> = {
    categories: [],
    suppliers: [],
    pharmacies: [],
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    pharmacist = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    for (const [index, name] of names.entries()) {
      const category = await admin
        .post('/api/categories')
        .send({ name, nameAr: `فئة ${prefix} ${index}`, description: index === 2 ? 'Cold chain' : null })
        .expect(201);
      created.categories.push((category.body as Named).id);
      const supplier = await admin
        .post('/api/suppliers')
        .send({ name, contactPerson: index === 0 ? `Rana ${prefix}` : null })
        .expect(201);
      created.suppliers.push((supplier.body as Named).id);
      // The last location is closed: pharmacists do not see it.
      const pharmacy = await admin
        .post('/api/pharmacies')
        .send({ name, address: `${index + 1} ${prefix} Street`, isActive: index !== 2 })
        .expect(201);
      created.pharmacies.push((pharmacy.body as Named).id);
    }
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (path: string, query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get(path).query(query).expect(200);
    return { rows: response.body as Named[], total: Number(response.headers['x-total-count']) };
  };

  describe.each(['categories', 'suppliers', 'pharmacies'] as const)('/api/%s', (list) => {
    const path = `/api/${list}`;
    const nth = (i: number) => () => created[list][i]!;
    const charlie = nth(0);
    const alpha = nth(1);
    const bravo = nth(2);

    it('answers the whole plain array without paging, with no total header', async () => {
      const response = await admin.get(path).expect(200);
      expect(response.headers['x-total-count']).toBeUndefined();
      const ids = (response.body as Named[]).map((row) => row.id);
      for (const id of created[list]) expect(ids).toContain(id);
    });

    it('pages the matches by name, ignoring case, with the total of every page', async () => {
      const first = await page(path, { q: prefix, sort: 'name', limit: 2 });
      const second = await page(path, { q: prefix, sort: 'name', limit: 2, offset: 2 });
      expect(first.total).toBe(3);
      expect(second.total).toBe(3);
      expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual([alpha(), bravo(), charlie()]);
    });

    it('sorts by name descending and by creation either way', async () => {
      expect((await page(path, { q: prefix, sort: '-name' })).rows.map((row) => row.id)).toEqual([
        charlie(),
        bravo(),
        alpha(),
      ]);
      expect((await page(path, { q: prefix, sort: 'created' })).rows.map((row) => row.id)).toEqual([
        charlie(),
        alpha(),
        bravo(),
      ]);
      expect((await page(path, { q: prefix, sort: '-created' })).rows.map((row) => row.id)).toEqual([
        bravo(),
        alpha(),
        charlie(),
      ]);
    });

    it('refuses a sort, limit or offset it does not know with a message, and a search too long to be a name', async () => {
      const sort = await admin.get(path).query({ sort: 'price' }).expect(400);
      expect(JSON.stringify(sort.body)).toContain('Sort by name or created, with a leading minus for descending');
      const limit = await admin.get(path).query({ limit: 0 }).expect(400);
      expect(JSON.stringify(limit.body)).toContain('Limit must be a whole number from 1 to 500');
      await admin.get(path).query({ offset: -1 }).expect(400);
      await admin
        .get(path)
        .query({ q: 'x'.repeat(201) })
        .expect(400);
    });
  });

  it('searches the other text of each list: Arabic names, descriptions, contacts, addresses', async () => {
    expect((await page('/api/categories', { q: `فئة ${prefix} 1` })).rows.map((row) => row.id)).toEqual([
      created.categories[1],
    ]);
    expect((await page('/api/categories', { q: 'COLD CHAIN' })).rows.map((row) => row.id)).toEqual([
      created.categories[2],
    ]);
    expect((await page('/api/suppliers', { q: `rana ${prefix}` })).rows.map((row) => row.id)).toEqual([
      created.suppliers[0],
    ]);
    expect((await page('/api/pharmacies', { q: `2 ${prefix} street` })).rows.map((row) => row.id)).toEqual([
      created.pharmacies[1],
    ]);
  });

  it('pages only the locations a pharmacist may see: the closed one is neither listed nor counted', async () => {
    const { rows, total } = await page('/api/pharmacies', { q: prefix, sort: 'name' }, pharmacist);
    expect(total).toBe(2);
    expect(rows.map((row) => row.id)).toEqual([created.pharmacies[1], created.pharmacies[0]]);
    expect(rows.every((row) => row.isActive)).toBe(true);
  });
});
