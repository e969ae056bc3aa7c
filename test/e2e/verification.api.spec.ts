import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/**
 * The read models checked against a fresh replay of the log (issue 11), the
 * auditors' period report, and the auditor role: reads everything, changes
 * nothing.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

interface VerificationRun {
  status: string;
  trigger: string | null;
  eventsReplayed: number;
  tables: Array<{
    projection: string;
    table: string;
    rows: number;
    unexpected: number;
    missing: number;
    samples: Array<{ side: string; row: Record<string, unknown> }>;
  }>;
  error: string | null;
}

describe('verification, period report and the auditor', () => {
  let app: TestApp;
  let admin: Agent;
  let auditor: Agent;
  let layla: Agent;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('gives an opening balance, the movements by kind and the closing balance of a period', async () => {
    const sku = unique('PER');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Period ${sku}`, price: '3.00' })
        .expect(201)
    ).body as { id: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: unique('PER-LOT'),
          quantity: 10,
          expiryDate: isoDaysFromNow(120),
        })
        .expect(201)
    ).body as { id: string };
    await new Promise((resolve) => setTimeout(resolve, 20));
    const from = new Date().toISOString();
    await admin
      .post('/api/sales/complete')
      .send({ cashReceived: '20.00', items: [{ productId: product.id, quantity: 4 }] })
      .expect(201);
    await admin
      .post(`/api/inventory/${batch.id}/adjustments`)
      .send({ quantityChange: -1, reason: 'damaged' })
      .expect(201);
    const to = new Date(Date.now() + 1000).toISOString();

    const report = (await auditor.get('/api/audit/period-report').query({ pharmacyId: DOWNTOWN, from, to }).expect(200))
      .body as {
      products: Array<{
        productId: string;
        opening: number;
        closing: number;
        movements: Record<string, number>;
        batches: Array<{ batchId: string; opening: number; closing: number }>;
      }>;
      totals: { opening: number; closing: number; movements: Record<string, number> };
    };
    const mine = report.products.find((p) => p.productId === product.id)!;
    expect(mine).toMatchObject({ opening: 10, closing: 5, movements: { sold: -4, adjusted: -1 } });
    expect(mine.batches).toEqual([expect.objectContaining({ batchId: batch.id, opening: 10, closing: 5 })]);
    // The whole pharmacy balances: opening plus every movement is closing.
    const moved = Object.values(report.totals.movements).reduce((a, b) => a + b, 0);
    expect(report.totals.opening + moved).toBe(report.totals.closing);

    const reversed = await auditor
      .get('/api/audit/period-report')
      .query({ pharmacyId: DOWNTOWN, from: to, to: from })
      .expect(400);
    expect(JSON.stringify(reversed.body)).toContain('The end date must be on or after the start date');
    await layla.get('/api/audit/period-report').query({ pharmacyId: DOWNTOWN, from, to }).expect(403);
  });

  it('lets an auditor read everything and change nothing', async () => {
    // Like an administrator, an auditor chooses a pharmacy to look at, among all of them.
    await auditor.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
    await auditor.get('/api/auth/user').expect(200);
    await auditor.get('/api/inventory').query({ pharmacyId: ABDOUN }).expect(200);
    await auditor.get('/api/sales').query({ pharmacyId: ABDOUN }).expect(200);
    await auditor.get('/api/admin/users').expect(200);
    await auditor.get('/api/audit/events').expect(200);

    const writes: Array<[string, string, object]> = [
      ['post', '/api/products', { sku: unique('AUDX'), name: 'Auditor product', price: '1.00' }],
      ['post', '/api/sales/complete', { cashReceived: '5.00', items: [{ productId: DOWNTOWN, quantity: 1 }] }],
      ['post', '/api/transfers', { fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [] }],
      ['put', '/api/settings', {}],
      ['post', '/api/audit/verification', {}],
      ['post', '/api/inventory/expiry-scan', {}],
    ];
    for (const [method, path, body] of writes) {
      const refused = await (
        auditor as unknown as Record<
          string,
          (p: string) => { send(b: object): Promise<{ status: number; body: { code?: string; message?: string } }> }
        >
      )[method]!(path).send(body);
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, 'READ_ONLY']);
      expect(refused.body.message).toBe('Auditors can see everything but change nothing.');
    }
  });

  it('finds the read models equal to a replay, and a corrupted row when there is one', async () => {
    const never = (await auditor.get('/api/audit/verification').expect(200)).body as VerificationRun;
    expect(never.status).toBe('never');
    const clean = (await admin.post('/api/audit/verification').expect(200)).body as VerificationRun;
    expect(clean.error).toBeNull();
    expect(clean.tables.filter((t) => t.unexpected + t.missing > 0)).toEqual([]);
    expect(clean.status).toBe('ok');
    expect(clean.eventsReplayed).toBeGreaterThanOrEqual(7);
    expect(clean.tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['inventory_batches', 'stock_ledger', 'sales', 'commission_lines']),
    );

    const client = new Client({ connectionString: app.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; quantity: number }>(
        'UPDATE inventory_batches SET quantity = quantity + 7 WHERE id = (SELECT id FROM inventory_batches ORDER BY id LIMIT 1) RETURNING id, quantity',
      );
      const corrupted = rows[0]!;
      const found = (await admin.post('/api/audit/verification').expect(200)).body as VerificationRun;
      expect(found.status).toBe('differences');
      const batches = found.tables.find((t) => t.table === 'inventory_batches')!;
      expect(batches).toMatchObject({ unexpected: 1, missing: 1 });
      expect(batches.samples).toEqual(
        expect.arrayContaining([
          { side: 'live', row: expect.objectContaining({ id: corrupted.id, quantity: corrupted.quantity }) },
          { side: 'replay', row: expect.objectContaining({ id: corrupted.id, quantity: corrupted.quantity - 7 }) },
        ]),
      );
      // The batch's running totals moved with it (the triggers of migration StockTotals): they differ too, nothing else.
      expect(
        found.tables
          .filter((t) => t.unexpected + t.missing > 0)
          .map((t) => t.table)
          .sort(),
      ).toEqual(['expiry_calendar', 'inventory_batches', 'product_stock', 'stock_levels']);
      const last = (await auditor.get('/api/audit/verification').expect(200)).body as VerificationRun;
      expect(last).toMatchObject({ status: 'differences', trigger: expect.any(String) });
      // No shadow schema is left behind.
      const schemas = await client.query(
        "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'verify%'",
      );
      expect(schemas.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
