import { beforeEach, describe, expect, it } from '@jest/globals';
import { offlineSaleSchema, type OfflineCatalogue } from '@pharmacy/contracts';
import { freshIndexedDb } from '../../../test/indexed-db';
import { anOfflineBatch, anOfflineCatalogue, anOfflineProduct } from '../../../test/offline';
import type { OfflineCheckout } from './offline-sale';
import { TillStore } from './till-db';

const PHARMACY = {
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
  name: 'Downtown Pharmacy',
  nameAr: null,
  address: '12 King Faisal Street',
  addressAr: null,
};
const PRODUCT = '7a1b2c3d-0000-4000-8000-0000000000a1';
const BATCH = '7a1b2c3d-0000-4000-8000-0000000000b1';
const USER = { id: '0f6a7c2e-1111-4a4a-8b8b-000000000001', name: 'Sara Haddad' };

function aCatalogue(quantity = 5): OfflineCatalogue {
  return anOfflineCatalogue({
    pharmacyId: PHARMACY.id,
    generatedAt: '2026-11-22T08:00:00.000Z',
    products: [anOfflineProduct({ id: PRODUCT })],
    batches: [
      anOfflineBatch({
        id: BATCH,
        productId: PRODUCT,
        expiryDate: '2027-06-30',
        receivedDate: '2026-10-01',
        quantity,
      }),
    ],
  });
}

let keys = 0;
function aCheckout(overrides: Partial<OfflineCheckout> = {}): OfflineCheckout {
  keys += 1;
  return {
    idempotencyKey: `key-${keys}`,
    soldAt: new Date('2026-11-22T10:15:00.000Z'),
    today: '2026-11-22',
    pharmacy: PHARMACY,
    user: USER,
    customerName: null,
    customerPhone: null,
    notes: null,
    cashReceived: '20.00',
    items: [{ productId: PRODUCT, quantity: 2, salesUnit: 'whole', batchId: null }],
    ...overrides,
  };
}

const fetched = { requestedAt: new Date('2026-11-22T09:00:00.000Z'), fetchedAt: new Date('2026-11-22T09:00:01.000Z') };

// Each test gets an empty IndexedDB of its own; "restarting the browser" is opening the same one again.
beforeEach(freshIndexedDb);
const open = () => TillStore.open({ newTillCode: () => 'K7Q2' });

describe('the till’s store', () => {
  it('keeps a sale with its key, number, request and receipt, and takes its stock off the copy, all at once', async () => {
    const store = await open();
    await store.saveCatalogue(aCatalogue(5), fetched);
    const result = await store.recordSale(aCheckout({ idempotencyKey: 'the-key', customerName: 'Rana' }));
    expect(result.ok).toBe(true);
    const [sale] = await store.sales();
    expect(sale).toMatchObject({
      seq: 1,
      idempotencyKey: 'the-key',
      offlineNumber: 'K7Q2-0001',
      status: 'waiting',
      attempts: 0,
      lastError: null,
      userId: USER.id,
      body: {
        pharmacyId: PHARMACY.id,
        soldAt: '2026-11-22T10:15:00.000Z',
        offlineNumber: 'K7Q2-0001',
        catalogueAsOf: '2026-11-22T08:00:00.000Z',
        cashReceived: '20.00',
        customerName: 'Rana',
        items: [{ productId: PRODUCT, quantity: 2, salesUnit: 'whole', batchId: null }],
      },
      receipt: { totalAmount: '9.98', change: '10.02', offlineNumber: 'K7Q2-0001', offline: null },
    });
    // What is stored is what POST /api/sales/offline accepts, as it is.
    expect(offlineSaleSchema.safeParse(sale?.body).error).toBeUndefined();
    expect((await store.catalogue(PHARMACY.id))?.batches[0]?.quantity).toBe(3);
    store.close();
  });

  it('survives a restart: the queue, the number and the copy are still there, and numbering goes on', async () => {
    const before = await open();
    await before.saveCatalogue(aCatalogue(5), fetched);
    await before.recordSale(aCheckout());
    before.close();

    const after = await TillStore.open({ newTillCode: () => 'ZZZZ' });
    expect((await after.sales()).map((sale) => sale.offlineNumber)).toEqual(['K7Q2-0001']);
    const next = await after.recordSale(aCheckout());
    expect(next.ok && next.sale.offlineNumber).toBe('K7Q2-0002');
    expect((await after.catalogue(PHARMACY.id))?.batches[0]?.quantity).toBe(1);
    after.close();
  });

  it('keeps nothing of a sale it refuses: no number used, no stock taken', async () => {
    const store = await open();
    expect(await store.recordSale(aCheckout())).toEqual({ ok: false, problem: { code: 'NO_COPY' } });
    await store.saveCatalogue(aCatalogue(5), fetched);
    expect(await store.recordSale(aCheckout({ cashReceived: '5.00' }))).toEqual({
      ok: false,
      problem: { code: 'INSUFFICIENT_CASH', totalAmount: '9.98' },
    });
    expect(await store.sales()).toEqual([]);
    expect((await store.catalogue(PHARMACY.id))?.batches[0]?.quantity).toBe(5);
    const first = await store.recordSale(aCheckout());
    expect(first.ok && first.sale.offlineNumber).toBe('K7Q2-0001');
    store.close();
  });

  it('numbers sales made at once (two tabs) one after the other, never twice the same', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    await one.saveCatalogue(aCatalogue(50), fetched);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => one.recordSale(aCheckout())),
      ...Array.from({ length: 5 }, () => two.recordSale(aCheckout())),
    ]);
    const numbers = results.map((result) => (result.ok ? result.sale.offlineNumber : result.problem.code));
    expect(new Set(numbers).size).toBe(10);
    expect((await one.sales()).map((sale) => sale.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await one.catalogue(PHARMACY.id))?.batches[0]?.quantity).toBe(30);
    one.close();
    two.close();
  });

  it('takes the sales a fresh copy cannot count yet off it: unsent ones, and those sent after it was asked for', async () => {
    const store = await open();
    await store.saveCatalogue(aCatalogue(10), fetched);
    const counted = await store.recordSale(
      aCheckout({ items: [{ productId: PRODUCT, quantity: 1, salesUnit: 'whole', batchId: null }] }),
    );
    const late = await store.recordSale(
      aCheckout({ items: [{ productId: PRODUCT, quantity: 2, salesUnit: 'whole', batchId: null }] }),
    );
    const unsent = await store.recordSale(
      aCheckout({ items: [{ productId: PRODUCT, quantity: 3, salesUnit: 'whole', batchId: null }] }),
    );
    if (!counted.ok || !late.ok || !unsent.ok) throw new Error('not recorded');
    await store.markSent(counted.sale.seq, null, new Date('2026-11-22T10:59:00.000Z'));
    await store.markSent(late.sale.seq, null, new Date('2026-11-22T11:00:30.000Z'));
    const stored = await store.saveCatalogue(aCatalogue(9), {
      requestedAt: new Date('2026-11-22T11:00:00.000Z'),
      fetchedAt: new Date('2026-11-22T11:00:01.000Z'),
    });
    // 9 on the server's books (after the first sale) less 2 (maybe not counted) and 3 (not sent).
    expect(stored.batches[0]?.quantity).toBe(4);
    expect(stored.fetchedAt).toBe('2026-11-22T11:00:01.000Z');
    store.close();
  });

  it('claims a sale for an attempt only while it is to be sent, and counts the attempts', async () => {
    const store = await open();
    await store.saveCatalogue(aCatalogue(), fetched);
    const made = await store.recordSale(aCheckout());
    if (!made.ok) throw new Error('not recorded');
    const at = new Date('2026-11-22T12:00:00.000Z');
    expect(await store.claim(made.sale.seq, at)).toMatchObject({
      status: 'sending',
      attempts: 1,
      lastAttemptAt: at.toISOString(),
    });
    // Cut short (the tab closed mid-request): the next pass takes it again, under the same key.
    expect(await store.claim(made.sale.seq, at)).toMatchObject({
      status: 'sending',
      attempts: 2,
      idempotencyKey: made.sale.idempotencyKey,
    });
    await store.markFailed(made.sale.seq, { message: 'Nope', code: 'X', status: 400 });
    expect(await store.claim(made.sale.seq, at)).toBeNull();
    await store.retry(made.sale.seq);
    expect(await store.claim(made.sale.seq, at)).toMatchObject({ status: 'sending', attempts: 3 });
    await store.markSent(made.sale.seq, null, at);
    expect(await store.claim(made.sale.seq, at)).toBeNull();
    expect(await store.claim(999, at)).toBeNull();
    store.close();
  });

  it('discards a sale only when asked, and never one on its way or already recorded', async () => {
    const store = await open();
    await store.saveCatalogue(aCatalogue(), fetched);
    const made = await Promise.all([
      store.recordSale(aCheckout()),
      store.recordSale(aCheckout()),
      store.recordSale(aCheckout()),
    ]);
    const [waiting, sending, sent] = made.map((result) => (result.ok ? result.sale.seq : 0)) as [
      number,
      number,
      number,
    ];
    await store.claim(sending, new Date());
    await store.claim(sent, new Date());
    await store.markSent(sent, null, new Date());
    expect(await store.discard(sending)).toBe(false);
    expect(await store.discard(sent)).toBe(false);
    expect(await store.discard(waiting)).toBe(true);
    expect((await store.sales()).map((sale) => sale.seq)).toEqual([sending, sent]);
    store.close();
  });

  it('forgets recorded sales after a while, never unsent ones however old', async () => {
    const store = await open();
    await store.saveCatalogue(aCatalogue(), fetched);
    const [old, recent, unsent] = (
      await Promise.all([store.recordSale(aCheckout()), store.recordSale(aCheckout()), store.recordSale(aCheckout())])
    ).map((result) => (result.ok ? result.sale.seq : 0)) as [number, number, number];
    await store.markSent(old, null, new Date('2026-11-01T00:00:00.000Z'));
    await store.markSent(recent, null, new Date('2026-11-20T00:00:00.000Z'));
    await store.markFailed(unsent, { message: 'Nope', code: null, status: 403 });
    expect(await store.forgetSentBefore(new Date('2026-11-15T00:00:00.000Z'))).toBe(1);
    expect((await store.sales()).map((sale) => sale.seq)).toEqual([recent, unsent]);
    store.close();
  });
});
