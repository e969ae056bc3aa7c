import { beforeEach, describe, expect, it } from '@jest/globals';
import type { OfflineCatalogue, SaleDetail } from '@pharmacy/contracts';
import { HttpError } from '../../../lib/api';
import { deferred } from '../../../test/fake-server';
import { freshIndexedDb } from '../../../test/indexed-db';
import { anOfflineCatalogue, anOfflineProduct } from '../../../test/offline';
import type { OfflineCheckout, QueuedSale } from './offline-sale';
import { exclusively, failureOf, isUnreachable, retryDelayMs, SaleSync } from './sale-sync';
import { TillStore } from './till-db';

const PHARMACY = {
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
  name: 'Downtown Pharmacy',
  nameAr: null,
  address: '12 King Faisal Street',
  addressAr: null,
};
const PRODUCT = '7a1b2c3d-0000-4000-8000-0000000000a1';
const SARA = { id: '0f6a7c2e-1111-4a4a-8b8b-000000000001', name: 'Sara Haddad' };
const OMAR = { id: '0f6a7c2e-1111-4a4a-8b8b-000000000002', name: 'Omar Said' };

const catalogue: OfflineCatalogue = anOfflineCatalogue({
  pharmacyId: PHARMACY.id,
  generatedAt: '2026-11-22T08:00:00.000Z',
  products: [anOfflineProduct({ id: PRODUCT, barcode: null, price: '1.00' })],
  batches: [],
});

let made = 0;
async function sell(store: TillStore, user = SARA): Promise<QueuedSale> {
  made += 1;
  const checkout: OfflineCheckout = {
    idempotencyKey: `key-${made}`,
    soldAt: new Date(Date.UTC(2026, 10, 22, 10, made)),
    today: '2026-11-22',
    pharmacy: PHARMACY,
    user,
    customerName: null,
    customerPhone: null,
    notes: null,
    cashReceived: '10.00',
    items: [{ productId: PRODUCT, quantity: 1, salesUnit: 'whole', batchId: null }],
  };
  const result = await store.recordSale(checkout);
  if (!result.ok) throw new Error(result.problem.code);
  return result.sale;
}

/**
 * The server's side of POST /api/sales/offline as the contract has it: a key
 * seen before with the same body answers the sale recorded the first time.
 * `script` decides how each attempt goes (by call number), after recording or not.
 */
function aServer() {
  const recorded = new Map<string, { saleId: string; body: string }>();
  const attempts: Array<{ key: string; offlineNumber: string }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const server = {
    recorded,
    attempts,
    get mostInFlight() {
      return mostInFlight;
    },
    /** Per attempt, in order: what to do instead of answering 201. */
    script: [] as Array<'ok' | 'network' | 'recordThenDrop' | HttpError | Promise<void>>,
    async send(sale: QueuedSale): Promise<SaleDetail | null> {
      attempts.push({ key: sale.idempotencyKey, offlineNumber: sale.offlineNumber });
      const step = server.script[attempts.length - 1] ?? 'ok';
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (step instanceof Promise) await step;
        if (step instanceof HttpError) throw step;
        if (step === 'network') throw new TypeError('Failed to fetch');
        const body = JSON.stringify(sale.body);
        const known = recorded.get(sale.idempotencyKey);
        if (known && known.body !== body)
          throw refusal(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used');
        if (!known) recorded.set(sale.idempotencyKey, { saleId: `sale-${recorded.size + 1}`, body });
        // The sale is recorded, but the answer never arrives.
        if (step === 'recordThenDrop') throw new TypeError('Failed to fetch');
        return { id: recorded.get(sale.idempotencyKey)!.saleId } as SaleDetail;
      } finally {
        inFlight -= 1;
      }
    },
  };
  return server;
}

function refusal(status: number, code: string, message: string): HttpError {
  return new HttpError(status, '', JSON.stringify({ statusCode: status, code, message }));
}

function aSync(store: TillStore, server: ReturnType<typeof aServer>, userId = SARA.id) {
  return new SaleSync({
    store,
    send: (sale) => server.send(sale),
    userId,
    now: () => new Date('2026-11-22T12:00:00.000Z'),
    exclusive: (task) => exclusively('test-sync', task),
  });
}

let store: TillStore;
beforeEach(async () => {
  freshIndexedDb();
  store = await TillStore.open({ newTillCode: () => 'K7Q2' });
  await store.saveCatalogue(catalogue, { requestedAt: new Date(), fetchedAt: new Date() });
});

const statuses = async () => (await store.sales()).map((sale) => `${sale.offlineNumber} ${sale.status}`);

describe('sending the offline sales', () => {
  it('sends them oldest first, each with its own key and the body it was made with, and records the server’s sale', async () => {
    const sales = [await sell(store), await sell(store), await sell(store)];
    const server = aServer();
    const pass = await aSync(store, server).run();
    expect(server.attempts).toEqual(
      sales.map((sale) => ({ key: sale.idempotencyKey, offlineNumber: sale.offlineNumber })),
    );
    expect([...server.recorded.values()].map((sale) => JSON.parse(sale.body) as unknown)).toEqual(
      sales.map((sale) => sale.body),
    );
    expect(pass).toMatchObject({ stopped: null, refused: [] });
    expect((await store.sales()).map((sale) => [sale.status, sale.saleId, sale.sentAt, sale.attempts])).toEqual([
      ['sent', 'sale-1', '2026-11-22T12:00:00.000Z', 1],
      ['sent', 'sale-2', '2026-11-22T12:00:00.000Z', 1],
      ['sent', 'sale-3', '2026-11-22T12:00:00.000Z', 1],
    ]);
  });

  it('stops at a sale that cannot be sent now: the later ones wait behind it, and it goes first next time', async () => {
    await sell(store);
    await sell(store);
    await sell(store);
    const server = aServer();
    server.script = ['ok', refusal(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')];
    const sync = aSync(store, server);
    const first = await sync.run();
    expect(first.stopped).toEqual({
      kind: 'retry',
      error: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' },
    });
    expect(await statuses()).toEqual(['K7Q2-0001 sent', 'K7Q2-0002 waiting', 'K7Q2-0003 waiting']);
    expect((await store.sales())[1]?.lastError?.status).toBe(503);

    server.script.push('network');
    expect((await sync.run()).stopped?.error).toMatchObject({ status: null });
    expect(await statuses()).toEqual(['K7Q2-0001 sent', 'K7Q2-0002 waiting', 'K7Q2-0003 waiting']);

    expect((await sync.run()).stopped).toBeNull();
    expect(server.attempts.map((attempt) => attempt.offlineNumber)).toEqual([
      'K7Q2-0001',
      'K7Q2-0002',
      'K7Q2-0002',
      'K7Q2-0002',
      'K7Q2-0003',
    ]);
    expect(await statuses()).toEqual(['K7Q2-0001 sent', 'K7Q2-0002 sent', 'K7Q2-0003 sent']);
  });

  it('sets a refused sale aside, marked with the server’s message, and sends the rest', async () => {
    await sell(store);
    await sell(store);
    await sell(store);
    const server = aServer();
    server.script = [
      refusal(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.'),
      'ok',
      refusal(403, 'FORBIDDEN', 'You do not work at this pharmacy'),
    ];
    const pass = await aSync(store, server).run();
    expect(pass.stopped).toBeNull();
    expect(pass.refused.map((sale) => sale.offlineNumber)).toEqual(['K7Q2-0001', 'K7Q2-0003']);
    expect(await statuses()).toEqual(['K7Q2-0001 failed', 'K7Q2-0002 sent', 'K7Q2-0003 failed']);
    expect((await store.sales())[0]?.lastError).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    // Refused stays refused: a later pass does not send it again until the user asks.
    await aSync(store, server).run();
    expect(server.attempts).toHaveLength(3);
    await store.retry(1);
    await aSync(store, server).run();
    expect(await statuses()).toEqual(['K7Q2-0001 sent', 'K7Q2-0002 sent', 'K7Q2-0003 failed']);
  });

  it('never sends one sale twice at once when two triggers come together, and still sends a sale made meanwhile', async () => {
    await sell(store);
    await sell(store);
    const server = aServer();
    const slow = deferred<void>();
    server.script = [slow.promise];
    const sync = aSync(store, server);
    const online = sync.run();
    const timer = sync.run();
    expect(sync.busy).toBe(true);
    await sell(store);
    slow.resolve();
    const [a, b] = await Promise.all([online, timer]);
    expect(a).toBe(b);
    expect(server.mostInFlight).toBe(1);
    expect(server.attempts.map((attempt) => attempt.offlineNumber)).toEqual(['K7Q2-0001', 'K7Q2-0002', 'K7Q2-0003']);
    expect(server.recorded.size).toBe(3);
    expect(sync.busy).toBe(false);
  });

  it('never sends one sale twice at once from two tabs (or a page opened twice) sharing the store', async () => {
    for (let i = 0; i < 4; i += 1) await sell(store);
    const server = aServer();
    const slow = deferred<void>();
    server.script = [slow.promise];
    const secondTab = await TillStore.open();
    const runs = [aSync(store, server).run(), aSync(secondTab, server).run()];
    slow.resolve();
    await Promise.all(runs);
    expect(server.mostInFlight).toBe(1);
    expect(server.attempts.map((attempt) => attempt.offlineNumber)).toEqual([
      'K7Q2-0001',
      'K7Q2-0002',
      'K7Q2-0003',
      'K7Q2-0004',
    ]);
    secondTab.close();
  });

  it('records a sale once however often an attempt is cut short: the same key every time', async () => {
    const sale = await sell(store);
    const server = aServer();
    // Recorded, but the answer is lost; then the tab closes in the middle of the next attempt.
    server.script = ['recordThenDrop'];
    expect((await aSync(store, server).run()).stopped?.kind).toBe('retry');
    await store.claim(sale.seq, new Date());
    store.close();

    store = await TillStore.open();
    expect(await statuses()).toEqual(['K7Q2-0001 sending']);
    expect((await aSync(store, server).run()).stopped).toBeNull();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual([sale.idempotencyKey, sale.idempotencyKey]);
    expect(server.recorded.size).toBe(1);
    expect((await store.sales())[0]).toMatchObject({ status: 'sent', saleId: 'sale-1', attempts: 3 });
  });

  it('sends nothing more once the session has ended, and only the signed-in user’s sales', async () => {
    await sell(store, OMAR);
    await sell(store, SARA);
    await sell(store, SARA);
    const server = aServer();
    server.script = [refusal(401, 'UNAUTHORIZED', 'Unauthorized')];
    const pass = await aSync(store, server, SARA.id).run();
    expect(pass.stopped?.kind).toBe('signedOut');
    expect(await statuses()).toEqual(['K7Q2-0001 waiting', 'K7Q2-0002 waiting', 'K7Q2-0003 waiting']);
    await aSync(store, server, SARA.id).run();
    expect(server.attempts.map((attempt) => attempt.offlineNumber)).toEqual(['K7Q2-0002', 'K7Q2-0002', 'K7Q2-0003']);
    expect(await statuses()).toEqual(['K7Q2-0001 waiting', 'K7Q2-0002 sent', 'K7Q2-0003 sent']);
  });
});

describe('what a failed attempt means', () => {
  it('sets aside what the server refuses for good, and tries again what it cannot do now', () => {
    const kind = (error: unknown) => failureOf(error).kind;
    expect(kind(new TypeError('Failed to fetch'))).toBe('retry');
    for (const status of [500, 502, 503, 504, 408, 429]) expect(kind(refusal(status, 'X', 'x'))).toBe('retry');
    expect(kind(refusal(409, 'CONCURRENCY_CONFLICT', 'Changed meanwhile'))).toBe('retry');
    for (const status of [400, 403, 404, 409, 422]) expect(kind(refusal(status, 'X', 'x'))).toBe('refused');
    expect(kind(refusal(401, 'UNAUTHORIZED', 'Unauthorized'))).toBe('signedOut');
    expect(failureOf(new HttpError(400, 'Bad Request', ''))).toEqual({
      kind: 'refused',
      error: { status: 400, code: null, message: '400: Bad Request' },
    });
  });

  it('sells from the copy when no server answered, not when one refused', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(refusal(503, 'X', 'x'))).toBe(true);
    expect(isUnreachable(refusal(500, 'X', 'x'))).toBe(false);
    expect(isUnreachable(refusal(409, 'X', 'x'))).toBe(false);
  });

  it('waits longer after each pass that could not send, up to five minutes', () => {
    expect([1, 2, 3, 4, 10, 100].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000]);
  });
});
