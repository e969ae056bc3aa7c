import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** Reports read projections kept for them: commission lines, sales per day and product, stock value (issue 11). */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

interface CommissionRow {
  saleId: string;
  productId: string;
  pharmacistName: string;
  pharmacistEmail: string;
  productSku: string;
  quantity: number;
  salesUnit: string;
  totalPrice: string;
  commissionRate: string;
  commissionAmount: string;
  pharmacyId: string;
  saleDate: string;
}
interface SalesSummary {
  totals: { revenue: string; orders: number; refunds: string; averageOrder: string };
  perDay: Array<{ date: string; revenue: string; orders: number }>;
  byPharmacy: Array<{ pharmacyId: string; revenue: string; orders: number }>;
  topProducts: Array<{ productId: string; quantity: number; revenue: string }>;
}

describe('reports', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let product: { id: string; sku: string };
  let saleId: string;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    const sku = unique('REP');
    product = (
      await admin
        .post('/api/products')
        .send({
          sku,
          name: `Report ${sku}`,
          price: '12.50',
          cost: '7.00',
          commissionEnabled: true,
          commissionRate: '4.00',
        })
        .expect(201)
    ).body as { id: string; sku: string };
    await admin
      .post('/api/inventory')
      .send({
        productId: product.id,
        pharmacyId: DOWNTOWN,
        batchNumber: unique('REP-LOT'),
        quantity: 20,
        purchasePrice: '6.00',
        expiryDate: isoDaysFromNow(200),
      })
      .expect(201);
    const sale = (
      await admin
        .post('/api/sales/complete')
        .send({ cashReceived: '50.00', items: [{ productId: product.id, quantity: 3 }] })
        .expect(201)
    ).body as { id: string };
    saleId = sale.id;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('lists the commission a sale line earned, with the pharmacist who sold it', async () => {
    const rows = (await admin.get('/api/sales/commission-report').query({ pharmacyId: DOWNTOWN }).expect(200))
      .body as CommissionRow[];
    const mine = rows.filter((row) => row.productId === product.id);
    expect(mine).toEqual([
      expect.objectContaining({
        saleId,
        pharmacistEmail: demoAccounts.admin.email,
        productSku: product.sku,
        quantity: 3,
        salesUnit: 'whole',
        totalPrice: '37.50',
        commissionRate: '4.00',
        commissionAmount: '1.50',
        pharmacyId: DOWNTOWN,
      }),
    ]);
    expect(Date.parse(mine[0]!.saleDate)).not.toBeNaN();
    // A period without the sale has none of it.
    const old = (
      await admin
        .get('/api/sales/commission-report')
        .query({ startDate: '2001-01-01', endDate: '2001-01-31' })
        .expect(200)
    ).body as CommissionRow[];
    expect(old).toEqual([]);
  });

  it('keeps each pharmacist to their own pharmacies', async () => {
    const refused = await layla.get('/api/sales/commission-report').query({ pharmacyId: ABDOUN }).expect(403);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_FORBIDDEN' });
    const own = (await layla.get('/api/sales/commission-report').expect(200)).body as CommissionRow[];
    expect(own.every((row) => row.pharmacyId === DOWNTOWN)).toBe(true);
    await layla.get('/api/reports/sales-summary').query({ pharmacyId: ABDOUN }).expect(403);
    const stock = (await layla.get('/api/reports/stock-summary').expect(200)).body as {
      byPharmacy: Array<{ pharmacyId: string }>;
    };
    expect(stock.byPharmacy.map((p) => p.pharmacyId)).toEqual([DOWNTOWN]);
  });

  it('refuses a period it cannot read, with a message a person can act on', async () => {
    const bad = await admin.get('/api/sales/commission-report').query({ startDate: '2026-02-30' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('Enter a valid date (YYYY-MM-DD)');
    const reversed = await admin
      .get('/api/reports/sales-summary')
      .query({ startDate: '2026-03-02', endDate: '2026-03-01' })
      .expect(400);
    expect(JSON.stringify(reversed.body)).toContain('The end date must be on or after the start date');
    await admin.get('/api/sales').query({ startDate: 'yesterday' }).expect(400);
  });

  it('sums sales per day, per pharmacy and per product, net of a return', async () => {
    const before = (await admin.get('/api/reports/sales-summary').query({ pharmacyId: DOWNTOWN }).expect(200))
      .body as SalesSummary;
    const top = before.topProducts.find((p) => p.productId === product.id);
    expect(top).toEqual({
      productId: product.id,
      productName: expect.any(String),
      productNameAr: null,
      productSku: product.sku,
      quantity: 3,
      revenue: '37.50',
    });
    const perDayOrders = before.perDay.reduce((n, d) => n + d.orders, 0);
    expect(perDayOrders).toBe(before.totals.orders);
    expect(before.byPharmacy.map((p) => p.pharmacyId)).toEqual([DOWNTOWN]);
    expect(before.byPharmacy[0]!.revenue).toBe(before.totals.revenue);

    await admin
      .post(`/api/sales/${saleId}/returns`)
      .send({ reason: 'Customer changed mind', lines: [{ lineIndex: 0, quantity: 1 }] })
      .expect(201);
    const after = (await admin.get('/api/reports/sales-summary').query({ pharmacyId: DOWNTOWN }).expect(200))
      .body as SalesSummary;
    expect(after.topProducts.find((p) => p.productId === product.id)).toMatchObject({ quantity: 2, revenue: '25.00' });
    expect(Number(before.totals.revenue) - Number(after.totals.revenue)).toBeCloseTo(12.5, 2);
    expect(after.totals.orders).toBe(before.totals.orders);
    // All time across the chain reads the chain's running totals: the same figures.
    const chain = (await admin.get('/api/reports/sales-summary').expect(200)).body as SalesSummary;
    expect(chain.topProducts.find((p) => p.productId === product.id)).toMatchObject({ quantity: 2, revenue: '25.00' });

    // The sales list of the same period has the sale; one long ago does not.
    const day = after.perDay.at(-1)!.date;
    const sales = (await admin.get('/api/sales').query({ startDate: day, endDate: day, limit: 100 }).expect(200))
      .body as Array<{ id: string }>;
    expect(sales.map((s) => s.id)).toContain(saleId);
    const none = (await admin.get('/api/sales').query({ startDate: '2001-01-01', endDate: '2001-01-02' }).expect(200))
      .body as unknown[];
    expect(none).toEqual([]);
  });

  it('values the stock on hand and spreads it over the months it expires in', async () => {
    const stock = (await admin.get('/api/reports/stock-summary').expect(200)).body as {
      byPharmacy: Array<{ pharmacyId: string; units: number; costValue: string; retailValue: string }>;
      expiryByMonth: Array<{ month: string; units: number }>;
    };
    const inventory = (await admin.get('/api/inventory').expect(200)).body as Array<{
      pharmacyId: string;
      quantity: number;
      isActive?: boolean;
    }>;
    const downtown = stock.byPharmacy.find((p) => p.pharmacyId === DOWNTOWN)!;
    const units = inventory
      .filter((b) => b.pharmacyId === DOWNTOWN && b.isActive !== false)
      .reduce((n, b) => n + Math.max(b.quantity, 0), 0);
    expect(downtown.units).toBe(units);
    expect(Number(downtown.retailValue)).toBeGreaterThan(0);
    const totalUnits = stock.byPharmacy.reduce((n, p) => n + p.units, 0);
    expect(stock.expiryByMonth.reduce((n, m) => n + m.units, 0)).toBe(totalUnits);
    expect(stock.expiryByMonth.every((m) => /^\d{4}-\d{2}$/.test(m.month))).toBe(true);
  });
});
