import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { demoAccounts, startTestApp, type TestApp, demoPharmacyIds, isoDaysFromNow } from '@pharmacy/test-harness';

const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

const product = (overrides: Record<string, unknown> = {}) => ({
  sku: 'TST-1',
  name: 'Test Paracetamol 500 mg',
  nameAr: 'باراسيتامول تجريبي',
  genericName: 'Paracetamol',
  price: '2.5',
  cost: 1.2,
  unitsPerPackage: 24,
  ...overrides,
});

describe('catalogue and stock', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  const events = async (type: string) =>
    Number(
      (
        await app.server.runtime.db
          .selectFrom('eventstore.events' as 'pharmacies')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('type' as 'name', '=', type)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  describe('categories and suppliers (administrators)', () => {
    it('creates, lists, updates and deletes a category, with the spec messages', async () => {
      const invalid = await admin.post('/api/categories').send({ name: ' ' }).expect(400);
      expect(invalid.body.errors).toEqual([{ field: 'name', message: 'Name (English) is required' }]);
      const created = await admin
        .post('/api/categories')
        .send({ name: 'Analgesics', nameAr: 'مسكنات', description: 'Pain relief' })
        .expect(201);
      expect(created.body).toMatchObject({
        name: 'Analgesics',
        nameAr: 'مسكنات',
        description: 'Pain relief',
        descriptionAr: null,
      });
      const updated = await admin
        .put(`/api/categories/${created.body.id}`)
        .send({ name: 'Pain relief', nameAr: 'مسكنات' })
        .expect(200);
      expect(updated.body).toMatchObject({ name: 'Pain relief', description: null });
      expect((await layla.get('/api/categories').expect(200)).body.map((c: { id: string }) => c.id)).toContain(
        created.body.id,
      );
      const refused = await layla.post('/api/categories').send({ name: 'X' }).expect(403);
      expect(refused.body.message).toBe('Only administrators can manage categories.');
      await admin.delete(`/api/categories/${created.body.id}`).expect(204);
      await admin.delete(`/api/categories/${created.body.id}`).expect(404);
    });

    it('refuses to delete a category or supplier that products use', async () => {
      const category = await admin.post('/api/categories').send({ name: 'Vitamins' }).expect(201);
      const supplier = await admin
        .post('/api/suppliers')
        .send({ name: 'MedSupply', email: 'orders@medsupply.example' })
        .expect(201);
      expect(supplier.body).toMatchObject({ isActive: true, email: 'orders@medsupply.example' });
      await admin
        .post('/api/products')
        .send(product({ sku: 'VIT-1', categoryId: category.body.id, supplierId: supplier.body.id }))
        .expect(201);
      const inUse = await admin.delete(`/api/categories/${category.body.id}`).expect(409);
      expect(inUse.body).toMatchObject({ code: 'CATEGORY_IN_USE', productsUsingIt: 1 });
      expect((await admin.delete(`/api/suppliers/${supplier.body.id}`).expect(409)).body.code).toBe('SUPPLIER_IN_USE');
      const invalid = await admin.post('/api/suppliers').send({ name: '', email: 'nope' }).expect(400);
      expect(invalid.body.errors).toEqual([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Invalid email address' },
      ]);
      expect((await layla.post('/api/suppliers').send({ name: 'X' }).expect(403)).body.message).toBe(
        'Only administrators can manage suppliers.',
      );
    });
  });

  describe('products', () => {
    it('validates with the spec messages and writes nothing on bad input', async () => {
      const before = await events('ProductRegistered');
      const invalid = await admin
        .post('/api/products')
        .send({ sku: '', name: '', price: '', initialQuantity: -1, commissionRate: 120, unitsPerPackage: 0 })
        .expect(400);
      expect(invalid.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'sku', message: 'SKU is required' },
          { field: 'name', message: 'Name is required' },
          { field: 'price', message: 'Price is required' },
          { field: 'initialQuantity', message: 'Initial quantity must be non-negative' },
          { field: 'commissionRate', message: 'Commission rate must be between 0 and 100' },
          { field: 'unitsPerPackage', message: 'Units per package must be at least 1' },
        ]),
      );
      const noPharmacy = await admin
        .post('/api/products')
        .send(product({ sku: 'NOPH', initialQuantity: 5, expiryDate: isoDaysFromNow(90) }))
        .expect(400);
      expect(noPharmacy.body.errors).toEqual([
        { field: 'pharmacyId', message: 'Pharmacy location is required when adding initial stock' },
      ]);
      const badPrice = await admin
        .post('/api/products')
        .send(product({ sku: 'BADP', price: '1.234' }))
        .expect(400);
      expect(badPrice.body.errors).toEqual([{ field: 'price', message: 'Enter an amount like 12.50' }]);
      expect(await events('ProductRegistered')).toBe(before);
    });

    it('creates a product with its first batch, prices as decimal text, and defaults', async () => {
      const created = await admin
        .post('/api/products')
        .send(
          product({
            sku: 'FIRST-1',
            barcode: '4006381333931',
            initialQuantity: 40,
            pharmacyId: DOWNTOWN,
            expiryDate: isoDaysFromNow(200),
            batchNumber: 'L001',
          }),
        )
        .expect(201);
      expect(created.body).toMatchObject({
        sku: 'FIRST-1',
        price: '2.50',
        cost: '1.20',
        salesUnit: 'whole',
        commissionRate: '0.00',
        commissionEnabled: false,
        minStockLevel: 10,
        maxStockLevel: 1000,
        requiresPrescription: false,
        isActive: true,
        totalStock: 40,
      });
      const batches = (await admin.get(`/api/inventory?pharmacyId=${DOWNTOWN}`).expect(200)).body as Array<
        Record<string, unknown>
      >;
      expect(batches.find((b) => b.productId === created.body.id)).toMatchObject({
        batchNumber: 'L001',
        quantity: 40,
        purchasePrice: '1.20',
        pharmacyName: expect.any(String),
      });
    });

    it('lets exactly one of two concurrent creations with the same SKU succeed, naming the SKU', async () => {
      const [a, b] = await Promise.all([
        admin.post('/api/products').send(product({ sku: 'RACE-1', name: 'A' })),
        admin.post('/api/products').send(product({ sku: 'race-1', name: 'B' })),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.code).toBe('DUPLICATE_VALUE');
      expect(loser.body.message).toMatch(/^SKU "(RACE|race)-1" is already used by another product\.$/);
      const products = (await admin.get('/api/products').expect(200)).body as Array<{ sku: string }>;
      expect(products.filter((p) => p.sku.toLowerCase() === 'race-1')).toHaveLength(1);
    });

    it('keeps barcodes unique too, and frees a SKU and barcode when changed or deleted', async () => {
      const first = await admin
        .post('/api/products')
        .send(product({ sku: 'BC-1', barcode: '5012345678900' }))
        .expect(201);
      const dup = await admin
        .post('/api/products')
        .send(product({ sku: 'BC-2', barcode: '5012345678900' }))
        .expect(409);
      expect(dup.body.message).toBe('Barcode 5012345678900 is already used by another product.');
      // The failed creation released its SKU claim: BC-2 is free.
      await admin
        .put(`/api/products/${first.body.id}`)
        .send(product({ sku: 'BC-1B', barcode: null }))
        .expect(200);
      await admin
        .post('/api/products')
        .send(product({ sku: 'BC-1', barcode: '5012345678900' }))
        .expect(201);
      await admin
        .post('/api/products')
        .send(product({ sku: 'BC-2' }))
        .expect(201);
    });

    it('records price and commission changes as facts with their history', async () => {
      const created = await admin
        .post('/api/products')
        .send(product({ sku: 'HIST-1' }))
        .expect(201);
      await admin
        .put(`/api/products/${created.body.id}`)
        .send(product({ sku: 'HIST-1', price: '2.75', commissionEnabled: true, commissionRate: '5' }))
        .expect(200);
      const history = (await admin.get(`/api/products/${created.body.id}/history`).expect(200)).body as Array<{
        type: string;
        userName: string;
      }>;
      expect(history.map((h) => h.type)).toEqual([
        'ProductRegistered',
        'ProductPriceChanged',
        'ProductCommissionChanged',
      ]);
      expect(history.every((h) => h.userName === 'Sara Haddad')).toBe(true);
      const rows = await app.server.runtime.db
        .selectFrom('productCommissionHistory')
        .selectAll()
        .where('productId', '=', created.body.id)
        .orderBy('position')
        .execute();
      expect(rows.map((r) => [r.commissionRate, r.commissionEnabled])).toEqual([
        ['0.00', false],
        ['5.00', true],
      ]);
    });

    it('deletes only as an administrator, only without stock; 404 when unknown', async () => {
      const stocked = await admin
        .post('/api/products')
        .send(product({ sku: 'DEL-1', initialQuantity: 3, pharmacyId: DOWNTOWN, expiryDate: isoDaysFromNow(100) }))
        .expect(201);
      const pharmacist = await layla.delete(`/api/products/${stocked.body.id}`).expect(403);
      expect(pharmacist.body.message).toBe('Only administrators can delete products.');
      const withStock = await admin.delete(`/api/products/${stocked.body.id}`).expect(409);
      expect(withStock.body).toMatchObject({
        code: 'INVENTORY_EXISTS',
        message: 'This product has existing inventory. Please remove all inventory batches first.',
      });
      await admin.delete('/api/products/00000000-0000-4000-8000-000000000000').expect(404);
      const empty = await admin
        .post('/api/products')
        .send(product({ sku: 'DEL-2' }))
        .expect(201);
      await admin.delete(`/api/products/${empty.body.id}`).expect(204);
      await admin.delete(`/api/products/${empty.body.id}`).expect(404);
      await admin
        .post('/api/products')
        .send(product({ sku: 'DEL-2' }))
        .expect(201);
    });

    it('finds products by name, Arabic name (however it is spelt), SKU, GTIN and a GS1 string from a 2D scanner', async () => {
      await admin
        .post('/api/products')
        .send(
          product({
            sku: 'FIND-1',
            name: 'Augmentin 625 mg',
            nameAr: 'أوغمنتين',
            genericName: 'Amoxicillin',
            barcode: '5000000000012',
          }),
        )
        .expect(201);
      const names = async (q: string) =>
        ((await admin.get('/api/products/search').query({ q }).expect(200)).body as Array<{ sku: string }>).map(
          (p) => p.sku,
        );
      expect(await names('augmen')).toContain('FIND-1');
      expect(await names('أوغمنتين')).toContain('FIND-1');
      // Spelt as a person types it: without the hamza, with a vowel mark, with a tatweel (issue 31).
      expect(await names('اوغمنتين')).toContain('FIND-1');
      expect(await names('أوغمِنتين')).toContain('FIND-1');
      expect(await names('اوغـمنتين')).toContain('FIND-1');
      expect(await names('amoxi')).toContain('FIND-1');
      expect(await names('find-1')).toEqual(['FIND-1']);
      expect((await names('5000000000012'))[0]).toBe('FIND-1');
      expect((await names('(01)05000000000012(17)271231(10)LOT7'))[0]).toBe('FIND-1');
      expect((await names('\u001d0105000000000012172712311023A'))[0]).toBe('FIND-1');
      const bad = await admin.get('/api/products/search').query({ q: '(01)05000000000012(17)271345' }).expect(400);
      expect(bad.body.message).toMatch(/not a valid date/);
    });
  });

  describe('batches', () => {
    let productId: string;
    beforeAll(async () => {
      productId = (
        await admin
          .post('/api/products')
          .send(product({ sku: 'BATCH-P', minStockLevel: 50 }))
          .expect(201)
      ).body.id;
    });

    it('validates the batch form with the spec messages', async () => {
      const invalid = await admin.post('/api/inventory').send({ quantity: 0 }).expect(400);
      expect(invalid.body.errors).toEqual([
        { field: 'productId', message: 'Product is required' },
        { field: 'pharmacyId', message: 'Pharmacy is required' },
        { field: 'batchNumber', message: 'Batch number is required' },
        { field: 'quantity', message: 'Quantity must be positive' },
        { field: 'expiryDate', message: 'Expiry date is required' },
      ]);
      const past = await admin
        .post('/api/inventory')
        .send({ productId, pharmacyId: DOWNTOWN, batchNumber: 'OLD', quantity: 1, expiryDate: isoDaysFromNow(-1) })
        .expect(400);
      expect(past.body.message).toBe('Expiry date cannot be in the past');
    });

    it('receives a batch, tops it up on a second receipt, and refuses the same number with another expiry', async () => {
      const expiry = isoDaysFromNow(20);
      const first = await admin
        .post('/api/inventory')
        .send({
          productId,
          pharmacyId: DOWNTOWN,
          batchNumber: 'B-100',
          quantity: 12,
          purchasePrice: '0.80',
          expiryDate: expiry,
        })
        .expect(201);
      expect(first.body).toMatchObject({
        batchNumber: 'B-100',
        quantity: 12,
        purchasePrice: '0.80',
        expiryDate: expiry,
        productSku: 'BATCH-P',
      });
      const again = await admin
        .post('/api/inventory')
        .send({ productId, pharmacyId: DOWNTOWN, batchNumber: 'b-100', quantity: 8, expiryDate: expiry })
        .expect(201);
      expect(again.body).toMatchObject({ id: first.body.id, quantity: 20 });
      const mismatch = await admin
        .post('/api/inventory')
        .send({ productId, pharmacyId: DOWNTOWN, batchNumber: 'B-100', quantity: 1, expiryDate: isoDaysFromNow(40) })
        .expect(409);
      expect(mismatch.body.code).toBe('BATCH_EXPIRY_MISMATCH');
      expect(mismatch.body.message).toContain(`already recorded here with expiry date ${expiry}`);
    });

    it('lets exactly one of two concurrent receipts of one batch number with different expiry dates through', async () => {
      const [a, b] = await Promise.all([
        admin
          .post('/api/inventory')
          .send({ productId, pharmacyId: ABDOUN, batchNumber: 'RACE-B', quantity: 5, expiryDate: isoDaysFromNow(50) }),
        admin
          .post('/api/inventory')
          .send({ productId, pharmacyId: ABDOUN, batchNumber: 'RACE-B', quantity: 5, expiryDate: isoDaysFromNow(51) }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
    });

    it('corrects a batch (old and new values kept), refuses a move of location, 404 for unknown', async () => {
      const batch = await admin
        .post('/api/inventory')
        .send({ productId, pharmacyId: DOWNTOWN, batchNumber: 'C-1', quantity: 10, expiryDate: isoDaysFromNow(300) })
        .expect(201);
      const body = {
        productId,
        pharmacyId: DOWNTOWN,
        batchNumber: 'C-1',
        quantity: 9,
        purchasePrice: '1.10',
        expiryDate: isoDaysFromNow(280),
      };
      const corrected = await admin.put(`/api/inventory/${batch.body.id}`).send(body).expect(200);
      expect(corrected.body).toMatchObject({ quantity: 9, purchasePrice: '1.10', expiryDate: body.expiryDate });
      const history = (await admin.get(`/api/inventory/${batch.body.id}/history`).expect(200)).body as Array<{
        type: string;
        data: Record<string, unknown>;
      }>;
      // Issue 7: the quantity changes by a signed adjustment, the other fields by a correction.
      expect(history.map((h) => h.type)).toEqual(['BatchReceived', 'BatchCorrected', 'StockAdjusted']);
      expect(history[1]!.data).toMatchObject({
        changes: { purchasePrice: '1.10', expiryDate: body.expiryDate },
        previous: { purchasePrice: null },
      });
      expect(history[2]!.data).toMatchObject({ quantityChange: -1, reason: 'count_correction' });
      const moved = await admin
        .put(`/api/inventory/${batch.body.id}`)
        .send({ ...body, pharmacyId: ABDOUN })
        .expect(409);
      expect(moved.body.code).toBe('BATCH_LOCATION_CHANGE');
      await admin.put('/api/inventory/00000000-0000-4000-8000-000000000000').send(body).expect(404);
    });

    it('lists expiring, FEFO, low-stock and availability views', async () => {
      const expiring = (await admin.get('/api/inventory/expiring').query({ days: 30 }).expect(200)).body as Array<{
        batchNumber: string;
        daysToExpiry: number;
      }>;
      expect(expiring.find((b) => b.batchNumber === 'B-100')).toMatchObject({ daysToExpiry: 20 });
      expect(expiring.every((b) => b.daysToExpiry <= 30)).toBe(true);
      const wrongDays = await admin.get('/api/inventory/expiring').query({ days: 45 }).expect(400);
      expect(wrongDays.body.errors).toEqual([{ field: 'days', message: 'Days must be one of 7, 14, 30, 60, 90' }]);
      const fefo = (await admin.get('/api/inventory/fefo').expect(200)).body as Array<{ expiryDate: string }>;
      expect(fefo.map((f) => f.expiryDate)).toEqual([...fefo.map((f) => f.expiryDate)].sort());
      const low = (await admin.get('/api/inventory/low-stock').expect(200)).body as Array<{
        productId: string;
        currentStock: number;
      }>;
      expect(low.find((l) => l.productId === productId)).toMatchObject({ currentStock: expect.any(Number) });
      const available = (
        await admin.get('/api/inventory/availability').query({ pharmacyId: DOWNTOWN, q: 'batch-p' }).expect(200)
      ).body;
      expect(available).toEqual([
        { productId, name: 'Test Paracetamol 500 mg', nameAr: 'باراسيتامول تجريبي', sku: 'BATCH-P', availableQty: 29 },
      ]);
      await admin.get('/api/inventory/availability').expect(400);
    });
  });

  describe('pharmacy scope, enforced by the server', () => {
    it('shows a pharmacist only their pharmacies, and refuses another pharmacy on every scoped call', async () => {
      const own = (await layla.get('/api/inventory').expect(200)).body as Array<{ pharmacyId: string }>;
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((b) => b.pharmacyId))).toEqual(new Set([DOWNTOWN]));
      for (const path of [
        '/api/inventory',
        '/api/inventory/expiring',
        '/api/inventory/fefo',
        '/api/inventory/low-stock',
        '/api/products',
        '/api/products/search?q=a',
      ]) {
        const refused = await layla.get(path).query({ pharmacyId: ABDOUN }).expect(403);
        expect(refused.body).toMatchObject({
          code: 'PHARMACY_FORBIDDEN',
          message: 'You do not have access to this pharmacy.',
        });
      }
      // What another pharmacy can send is readable (a pharmacy short of something asks another for it).
      await layla.get('/api/inventory/availability').query({ pharmacyId: ABDOUN }).expect(200);
      const someProduct = (await layla.get('/api/products').expect(200)).body[0] as { id: string };
      await layla
        .post('/api/inventory')
        .send({
          productId: someProduct.id,
          pharmacyId: ABDOUN,
          batchNumber: 'X',
          quantity: 1,
          expiryDate: isoDaysFromNow(30),
        })
        .expect(403);
      const abdounBatch = (
        (await admin.get('/api/inventory').query({ pharmacyId: ABDOUN }).expect(200)).body as Array<
          Record<string, unknown>
        >
      )[0]!;
      await layla
        .put(`/api/inventory/${String(abdounBatch.id)}`)
        .send({
          productId: abdounBatch.productId,
          pharmacyId: ABDOUN,
          batchNumber: abdounBatch.batchNumber,
          quantity: abdounBatch.quantity,
          expiryDate: abdounBatch.expiryDate,
          purchasePrice: null,
        })
        .expect(403);
      await layla
        .post('/api/inventory')
        .send({
          productId: someProduct.id,
          pharmacyId: DOWNTOWN,
          batchNumber: 'MINE',
          quantity: 1,
          expiryDate: isoDaysFromNow(30),
        })
        .expect(201);
      await request(app.baseUrl).get('/api/inventory').expect(401);
    });
  });
});
