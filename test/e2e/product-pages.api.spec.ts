import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** Big lists (issue 13): GET /api/products pages, sorts and searches on the server; without paging it is the plain array. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Product = { id: string; sku: string; name: string; price: string; totalStock: number };

describe('product pages', () => {
  let app: TestApp;
  let admin: Agent;
  const prefix = unique('PAGE').toUpperCase();
  const made: Product[] = [];

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    for (let i = 0; i < 7; i += 1) {
      const stocked = i === 4;
      const product = (
        await admin
          .post('/api/products')
          .send({
            sku: `${prefix}-${i}`,
            barcode: `62977700000${i}`.padEnd(13, '0'),
            name: `${prefix} Item ${String.fromCharCode(71 - i)}`,
            nameAr: `صنف ${prefix} ${i}`,
            price: `${10 + ((i * 3) % 7)}.00`,
            ...(stocked
              ? {
                  initialQuantity: 9,
                  batchNumber: `${prefix}-B`,
                  expiryDate: isoDaysFromNow(100),
                  pharmacyId: demoPharmacyIds.downtown,
                }
              : {}),
          })
          .expect(201)
      ).body as Product;
      made.push(product);
    }
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>) => {
    const response = await admin.get('/api/products').query(query).expect(200);
    return { products: response.body as Product[], total: Number(response.headers['x-total-count']) };
  };

  it('answers the plain array of every product without paging, as the specification says', async () => {
    const response = await admin.get('/api/products').expect(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.headers['x-total-count']).toBeUndefined();
    const ids = (response.body as Product[]).map((p) => p.id);
    for (const product of made) expect(ids).toContain(product.id);
  });

  it('pages the matches in the order asked for, every match once, and says how many there are', async () => {
    const byPrice = [...made].sort((a, b) => Number(a.price) - Number(b.price) || (a.id < b.id ? -1 : 1));
    const seen: Product[] = [];
    for (let offset = 0; offset < 9; offset += 3) {
      const { products, total } = await page({ q: prefix, sort: 'price', limit: 3, offset });
      expect(total).toBe(7);
      seen.push(...products);
    }
    expect(seen.map((p) => p.id)).toEqual(byPrice.map((p) => p.id));

    const byName = await page({ q: prefix, sort: '-name', limit: 2 });
    expect(byName.products.map((p) => p.name)).toEqual([`${prefix} Item G`, `${prefix} Item F`]);
    const byStock = await page({ q: prefix, sort: '-stock', limit: 1 });
    expect(byStock.products[0]).toMatchObject({ id: made[4]!.id, totalStock: 9 });
  });

  it('orders by the name an Arabic reader sees: the Arabic one, else the English one', async () => {
    const nameless = (
      await admin
        .post('/api/products')
        .send({ sku: `${prefix}-NOAR`, name: `${prefix} Item without Arabic`, price: '1.00' })
        .expect(201)
    ).body as Product;
    try {
      const { products, total } = await page({ q: prefix, sort: 'nameAr', limit: 20 });
      expect(total).toBe(8);
      // Latin letters sort before Arabic ones, so the English fallback comes first.
      expect(products.map((p) => p.id)).toEqual([nameless.id, ...made.map((p) => p.id)]);
      const descending = await page({ q: prefix, sort: '-nameAr', limit: 20 });
      expect(descending.products.map((p) => p.id)).toEqual(products.map((p) => p.id).reverse());
    } finally {
      await admin.delete(`/api/products/${nameless.id}`).expect(204);
    }
  });

  it('sums the stock of the pharmacies the caller may see, and refuses a pharmacy they may not', async () => {
    const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    const own = await layla
      .get('/api/products')
      .query({ q: `${prefix}-4`, limit: 5 })
      .expect(200);
    expect((own.body as Product[]).map((p) => [p.id, p.totalStock])).toEqual([[made[4]!.id, 9]]);
    const abdoun = await admin
      .get('/api/products')
      .query({ q: `${prefix}-4`, limit: 5, pharmacyId: demoPharmacyIds.abdoun })
      .expect(200);
    expect((abdoun.body as Product[]).map((p) => p.totalStock)).toEqual([0]);
    const refused = await layla
      .get('/api/products')
      .query({ limit: 5, pharmacyId: demoPharmacyIds.abdoun })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
  });

  it('searches the names in both languages, the SKU and the barcode', async () => {
    expect((await page({ q: `صنف ${prefix} 3` })).products.map((p) => p.id)).toEqual([made[3]!.id]);
    expect((await page({ q: `${prefix}-5`.toLowerCase() })).products.map((p) => p.id)).toEqual([made[5]!.id]);
    const barcode = `62977700000${2}`.padEnd(13, '0');
    expect((await page({ q: barcode })).products.map((p) => p.id)).toEqual([made[2]!.id]);
    expect(await page({ q: `${prefix}-nothing` })).toEqual({ products: [], total: 0 });
  });

  it('keeps only the products on sale with active=true, and counts only them', async () => {
    const withdrawn = (
      await admin
        .post('/api/products')
        .send({ sku: `${prefix}-OFF`, name: `${prefix} Item Off`, price: '5.00', isActive: false })
        .expect(201)
    ).body as Product;
    const everything = await page({ q: prefix, limit: 50 });
    expect(everything.total).toBe(made.length + 1);
    expect(everything.products.map((p) => p.id)).toContain(withdrawn.id);
    const onSale = await page({ q: prefix, active: 'true', limit: 1 });
    expect(onSale.total).toBe(made.length);
    const all = await page({ active: 'true', limit: 500 });
    expect(all.products.map((p) => p.id)).not.toContain(withdrawn.id);
    const refused = await admin.get('/api/products').query({ active: 'yes' }).expect(400);
    expect((refused.body as { errors: Array<{ message: string }> }).errors.map((e) => e.message)).toEqual([
      'Use true or false',
    ]);
  });

  it('refuses a page it cannot give, with a message a person can act on', async () => {
    const messages = async (query: Record<string, string>) =>
      (
        (await admin.get('/api/products').query(query).expect(400)).body as { errors: Array<{ message: string }> }
      ).errors.map((e) => e.message);
    expect(await messages({ limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ limit: '501' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ offset: '-1' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages({ sort: 'colour' })).toEqual([
      'Sort by name, nameAr, sku, price or stock, with a leading minus for descending',
    ]);
  });
});
