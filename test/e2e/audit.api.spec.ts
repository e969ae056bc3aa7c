import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import ar from '../../apps/web/src/i18n/ar.json';
import en from '../../apps/web/src/i18n/en.json';

/** Stock as of any instant from the ledger, proven equal to a replay of the log (issue 11). */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Intl {
  formatMessage(message: { id: string }, values: Record<string, string>): string;
}
// Required rather than imported: react-intl's types declare React's global DOM stubs, which would
// change the types of the browser tests that share this program.
const { createIntl } = jest.requireActual<{
  createIntl(config: { locale: string; messages: Record<string, string> }): Intl;
}>('react-intl');

/** An event in plain words as the web app words it: its catalogue message, with the facts the server answered. */
function sentence(event: { type: string; facts: Record<string, string> }, language: 'en' | 'ar'): string {
  const intl = createIntl({ locale: language, messages: language === 'ar' ? ar : en });
  return intl.formatMessage({ id: `audit.event.${event.type}` }, event.facts);
}

interface OnHand {
  batches: Array<{ batchId: string; quantity: number }>;
  verification: { matches: boolean; eventsReplayed: number; differences: unknown[] } | null;
}

describe('the audit trail', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers stock as of every instant of a random history from the ledger, equal to a replay', async () => {
    const next = random(20261123);
    const sku = unique('AUD');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Audit ${sku}`, price: '1.00' })
        .expect(201)
    ).body as { id: string };
    const batches: string[] = [];
    const instants: Array<{ at: string; expected: Map<string, number> }> = [];
    const expected = new Map<string, number>();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

    for (let step = 0; step < 24; step += 1) {
      const roll = next();
      if (batches.length === 0 || roll < 0.3) {
        const quantity = 1 + Math.floor(next() * 9);
        const batch = (
          await admin
            .post('/api/inventory')
            .send({
              productId: product.id,
              pharmacyId: DOWNTOWN,
              batchNumber: unique('AUD-LOT'),
              quantity,
              purchasePrice: '0.50',
              expiryDate: isoDaysFromNow(30 + Math.floor(next() * 300)),
            })
            .expect(201)
        ).body as { id: string };
        if (!batches.includes(batch.id)) batches.push(batch.id);
        expected.set(batch.id, (expected.get(batch.id) ?? 0) + quantity);
      } else if (roll < 0.6) {
        const total = [...expected.values()].reduce((a, b) => a + b, 0);
        if (total === 0) continue;
        const quantity = 1 + Math.floor(next() * Math.min(total, 3));
        const sale = (
          await admin
            .post('/api/sales/complete')
            .send({ cashReceived: '100.00', items: [{ productId: product.id, quantity }] })
            .expect(201)
        ).body as { lines: Array<{ allocations: Array<{ batchId: string; quantity: number }> }> };
        for (const a of sale.lines[0]!.allocations) expected.set(a.batchId, expected.get(a.batchId)! - a.quantity);
      } else if (roll < 0.8) {
        const batchId = batches[Math.floor(next() * batches.length)]!;
        const held = expected.get(batchId)!;
        const change = held > 0 && next() < 0.5 ? -1 : 2;
        await admin
          .post(`/api/inventory/${batchId}/adjustments`)
          .send({ quantityChange: change, reason: change < 0 ? 'damaged' : 'found' })
          .expect(201);
        expected.set(batchId, held + change);
      } else {
        const total = [...expected.values()].reduce((a, b) => a + b, 0);
        if (total < 2) continue;
        // Reserved and dispatched: the packs leave Downtown.
        const transfer = (
          await admin
            .post('/api/transfers')
            .send({ fromPharmacyId: DOWNTOWN, toPharmacyId: ABDOUN, items: [{ productId: product.id, quantity: 2 }] })
            .expect(201)
        ).body as { id: string; items: Array<{ batchId: string; quantity: number }> };
        await admin.post(`/api/transfers/${transfer.id}/approve`).expect(200);
        for (const item of transfer.items) expected.set(item.batchId, expected.get(item.batchId)! - item.quantity);
      }
      await pause();
      instants.push({ at: new Date().toISOString(), expected: new Map(expected) });
      await pause();
    }

    for (const { at, expected: then } of instants) {
      const answer = (
        await admin
          .get('/api/audit/stock-on-hand')
          .query({ pharmacyId: DOWNTOWN, asOf: at, verify: 'true' })
          .expect(200)
      ).body as OnHand;
      expect(answer.verification).toMatchObject({ matches: true, differences: [] });
      const mine = new Map(
        answer.batches.filter((b) => batches.includes(b.batchId)).map((b) => [b.batchId, b.quantity]),
      );
      for (const [batchId, quantity] of then) expect([batchId, mine.get(batchId) ?? 0]).toEqual([batchId, quantity]);
    }

    // The stock card of one batch: opening, every movement with its balance, closing = now.
    const batchId = batches[0]!;
    const card = (await admin.get('/api/audit/stock-card').query({ batchId }).expect(200)).body as {
      opening: number;
      closing: number;
      movements: Array<{ movement: string; balance: number; quantityChange: number }>;
    };
    expect(card.opening).toBe(0);
    expect(card.movements[0]).toMatchObject({ movement: 'received' });
    expect(card.closing).toBe(expected.get(batchId));
    const from = instants[10]!.at;
    const later = (await admin.get('/api/audit/stock-card').query({ batchId, from }).expect(200)).body as {
      opening: number;
      closing: number;
    };
    expect(later.opening).toBe(instants[10]!.expected.get(batchId) ?? 0);
    expect(later.closing).toBe(expected.get(batchId));
  });

  it('lists every event newest first, filtered, a page at a time, in plain words in English or Arabic', async () => {
    const sku = unique('EVT');
    const product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Events ${sku}`, price: '1.00' })
        .expect(201)
    ).body as { id: string };
    const batch = (
      await admin
        .post('/api/inventory')
        .send({
          productId: product.id,
          pharmacyId: DOWNTOWN,
          batchNumber: 'EVT-1',
          quantity: 7,
          purchasePrice: '0.50',
          expiryDate: isoDaysFromNow(90),
        })
        .expect(201)
    ).body as { id: string };
    await admin
      .post(`/api/inventory/${batch.id}/adjustments`)
      .send({ quantityChange: -2, reason: 'damaged' })
      .expect(201);
    type Page = {
      events: Array<{ type: string; description: string; facts: Record<string, string>; userName: string | null }>;
      nextCursor: string | null;
    };
    const first = (await admin.get('/api/audit/events').query({ batchId: batch.id, limit: 1 }).expect(200))
      .body as Page;
    expect(first.events.map((e) => e.type)).toEqual(['StockAdjusted']);
    expect(sentence(first.events[0]!, 'en')).toBe('Batch EVT-1 adjusted by -2 packs (damaged)');
    // Deprecated, kept for earlier clients: the type in words.
    expect(first.events[0]!.description).toBe('Stock adjusted');
    expect(first.events[0]!.userName).toBe('Sara Haddad');
    const second = (
      await admin.get('/api/audit/events').query({ batchId: batch.id, limit: 1, cursor: first.nextCursor }).expect(200)
    ).body as Page;
    expect(sentence(second.events[0]!, 'en')).toMatch(/^7 packs of Events .* received into batch EVT-1 at /);
    const arabic = (
      await admin.get('/api/audit/events').query({ batchId: batch.id, lang: 'ar', type: 'BatchReceived' }).expect(200)
    ).body as Page;
    expect(sentence(arabic.events[0]!, 'ar')).toMatch(/^استلام 7 عبوة/);
    expect(arabic.nextCursor).toBeNull();
  });

  it('is for administrators, and says what is wrong with a question', async () => {
    await layla.get('/api/audit/events').expect(403);
    await layla.get('/api/audit/stock-on-hand').query({ pharmacyId: DOWNTOWN }).expect(403);
    const bad = await admin.get('/api/audit/stock-on-hand').query({ pharmacyId: DOWNTOWN, asOf: 'last tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'asOf', message: 'Give a date and time with its offset, e.g. 2026-11-17T14:00:00+03:00' },
    ]);
    const noSubject = await admin.get('/api/audit/stock-card').query({ productId: DOWNTOWN });
    expect(noSubject.body.errors).toEqual([
      { field: 'batchId', message: 'Give a batchId, or a productId with a pharmacyId' },
    ]);
  });
});
