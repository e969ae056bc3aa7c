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
 * Facts learned late (issue 11): a receipt entered days after the goods came, a
 * count error found later. Each is a new event whose business time is in the
 * past; history is never edited, balances as of then change, and a correction
 * that would make any past balance negative is refused.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const DOWNTOWN = demoPharmacyIds.downtown;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe('backdated facts', () => {
  let app: TestApp;
  let admin: Agent;
  let batchId: string;
  let batchNumber: string;

  const onHand = async (asOf: string) => {
    const answer = (
      await admin.get('/api/audit/stock-on-hand').query({ pharmacyId: DOWNTOWN, asOf, verify: 'true' }).expect(200)
    ).body as { batches: Array<{ batchId: string; quantity: number }>; verification: { matches: boolean } };
    expect(answer.verification.matches).toBe(true);
    return answer.batches.find((b) => b.batchId === batchId)?.quantity ?? 0;
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const sku = unique('BKD');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Backdated ${sku}`, price: '2.00' })
        .expect(201)
    ).body as { id: string };
    batchNumber = unique('BKD-LOT');
    // The goods came three days ago; the receipt is entered today.
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber,
          quantity: 10,
          expiryDate: isoDaysFromNow(200),
          effectiveAt: daysAgo(3),
        })
        .expect(201)
    ).body as { id: string; receivedDate: string };
    batchId = batch.id;
    // Dated the day it came (in the pharmacies' time zone, so within a day of UTC's date).
    expect(Math.abs(Date.parse(batch.receivedDate) - Date.parse(daysAgo(3).slice(0, 10)))).toBeLessThanOrEqual(DAY);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('counts a receipt recorded late from when the goods came, and shows when it was learned', async () => {
    expect(await onHand(daysAgo(4))).toBe(0);
    expect(await onHand(daysAgo(2.5))).toBe(10);
    const page = (await admin.get('/api/audit/events').query({ batchId }).expect(200)).body as {
      events: Array<{ type: string; occurredAt: string; recordedAt: string }>;
    };
    const receipt = page.events.find((e) => e.type === 'BatchReceived')!;
    expect(Date.parse(receipt.recordedAt) - Date.parse(receipt.occurredAt)).toBeGreaterThan(2.9 * DAY);
  });

  it('refuses a correction that would make a past balance negative, though the balance now would allow it', async () => {
    // A day ago 8 packs were found damaged (recorded now, effective then): 10 -> 2.
    await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: -8, reason: 'damaged', effectiveAt: daysAgo(1) })
      .expect(201);
    // Today 20 more were found: 22 now.
    await admin.post(`/api/inventory/${batchId}/adjustments`).send({ quantityChange: 20, reason: 'found' }).expect(201);
    const before = await admin.get('/api/audit/events').query({ batchId }).expect(200);

    const refused = await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: -5, reason: 'count_correction', effectiveAt: daysAgo(2) })
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'PAST_BALANCE_BELOW_ZERO', lowest: 2 });
    expect(refused.body.message).toContain(`Batch ${batchNumber} held 2 packs on`);
    expect(refused.body.message).toContain('Choose a later time or a smaller correction.');
    // Nothing was written.
    const after = await admin.get('/api/audit/events').query({ batchId }).expect(200);
    expect(after.body).toEqual(before.body);

    // One pack is within what it held: the past changes, what is on hand now too.
    await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: -1, reason: 'count_correction', effectiveAt: daysAgo(2) })
      .expect(201);
    expect(await onHand(daysAgo(2.5))).toBe(10);
    expect(await onHand(daysAgo(1.5))).toBe(9);
    expect(await onHand(daysAgo(0.5))).toBe(1);
    expect(await onHand(new Date().toISOString())).toBe(21);

    // The stock card runs in business-time order: 10, 9, 1, 21.
    const card = (await admin.get('/api/audit/stock-card').query({ batchId }).expect(200)).body as {
      movements: Array<{ balance: number }>;
      closing: number;
    };
    expect(card.movements.map((m) => m.balance)).toEqual([10, 9, 1, 21]);
    expect(card.closing).toBe(21);
  });

  it('refuses a correction before the batch was there, or in the future, writing nothing', async () => {
    const early = await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: 1, reason: 'found', effectiveAt: daysAgo(5) })
      .expect(400);
    expect(early.body).toMatchObject({ code: 'EFFECTIVE_BEFORE_BATCH' });
    expect(early.body.message).toContain(`Batch ${batchNumber} was received on`);
    const future = await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: 1, reason: 'found', effectiveAt: new Date(Date.now() + DAY).toISOString() })
      .expect(400);
    expect(JSON.stringify(future.body)).toContain('The effective time cannot be in the future');
    await admin
      .post(`/api/inventory/${batchId}/adjustments`)
      .send({ quantityChange: 1, reason: 'found', effectiveAt: 'last tuesday' })
      .expect(400);
    expect(await onHand(new Date().toISOString())).toBe(21);
  });
});
