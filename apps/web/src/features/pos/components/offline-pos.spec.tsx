import { describe, expect, it } from '@jest/globals';
import type { OfflineCatalogue, SaleDetail } from '@pharmacy/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayIso } from '../../../lib/dates';
import { PRODUCT_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { anOfflineBatch, anOfflineCatalogue, anOfflineProduct, simulatedNetwork } from '../../../test/offline';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser, downtown } from '../../../test/users';
import { TillStore } from '../offline/till-db';
import { PosPage } from './pos-page';

// IndexedDB, timers and the fake server take their turns: on a busy machine a second is not always enough.
configure({ asyncUtilTimeout: 5000 });

const network = simulatedNetwork();

const OLDER = '7a1b2c3d-0000-4000-8000-0000000000b2';
const NEWER = '7a1b2c3d-0000-4000-8000-0000000000b1';
const CATALOGUE_URL = `GET /api/sales/offline-catalogue?pharmacyId=${downtown.id}`;
const RECENT_URL = `GET /api/sales?${new URLSearchParams({ limit: '8', pharmacyId: downtown.id })}`;

function aCatalogue(): OfflineCatalogue {
  return anOfflineCatalogue({
    products: [anOfflineProduct({ nameAr: 'باراسيتامول ٥٠٠ ملغ', genericName: 'Paracetamol' })],
    batches: [
      // Expires first, so FEFO sells it first: 10 % off.
      anOfflineBatch({
        id: OLDER,
        batchNumber: 'LOT-2',
        expiryDate: addDays(todayIso(), 30),
        receivedDate: addDays(todayIso(), -60),
        quantity: 1,
        discountPercentage: '10.00',
      }),
      anOfflineBatch({ id: NEWER, quantity: 11 }),
    ],
  });
}

/** A copy already in the browser, as an earlier visit while online would have left it. */
async function seedCopy() {
  const store = await TillStore.open();
  await store.saveCatalogue(aCatalogue(), { requestedAt: new Date(), fetchedAt: new Date() });
  store.close();
}

function renderPos(routes: Record<string, FakeHandler> = {}, language: 'en' | 'ar' = 'en') {
  return renderSignedIn(<PosPage />, {
    user: aUser(),
    language,
    routes: {
      [RECENT_URL]: () => fakeResponse(200, []),
      [CATALOGUE_URL]: () => fakeResponse(200, aCatalogue()),
      ...routes,
    },
  });
}

const till = () => within(screen.getByRole('region', { name: 'Offline till' }));
const cart = () => within(screen.getByRole('region', { name: 'Cart' }));
/** The copy is loaded (seeded, or fetched on opening) and shown as fresh. */
const copyReady = () =>
  waitFor(() => expect(till().getByTestId('offline-catalogue-age').textContent).toBe('Catalogue updated just now'));
const scanIn = (value: string) => {
  const box = screen.getByRole('textbox', { name: 'Barcode or SKU' });
  fireEvent.change(box, { target: { value } });
  fireEvent.submit(box.closest('form')!);
};

async function sellOffline(cash = '20') {
  scanIn('5012345678900');
  scanIn('5012345678900');
  await waitFor(() => expect((cart().getByRole('spinbutton') as HTMLInputElement).value).toBe('2'));
  fireEvent.click(cart().getByRole('button', { name: /Checkout/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Cash received/ }), { target: { value: cash } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
  return dialog;
}

/** A line of the cart as the page keeps it in the tab's session storage. */
function cartLine(quantity: number) {
  return {
    key: `${PRODUCT_ID}|whole|fefo`,
    product: aCatalogue().products[0],
    quantity,
    salesUnit: 'whole',
    unitsPerPackage: 1,
    unitPrice: '4.99',
    batchId: null,
    batchNumber: null,
  };
}

function aRecordedSale(): SaleDetail {
  return { id: '9a1b2c3d-0000-4000-8000-00000000abcd' } as SaleDetail;
}

describe('The point of sale without a network', () => {
  it('keeps a copy of the catalogue, refreshed on opening, and says how fresh it is', async () => {
    const { callsTo } = renderPos();
    await copyReady();
    expect(callsTo('GET', CATALOGUE_URL.slice(4))).toHaveLength(1);
    expect(till().getByTestId('offline-queue-status').textContent).toBe('No offline sales waiting.');
  });

  it('scans, searches and sells from the copy, prices with the FEFO batch’s discount, and prints an offline receipt', async () => {
    await seedCopy();
    network.online = false;
    const { calls } = renderPos();
    expect(await till().findByText(/Offline: the till sells from its copy/)).toBeTruthy();
    await copyReady();

    const dialog = await sellOffline('5');
    // LOT-2 first (10 % off 4.99 = 0.50), then LOT-1: 4.49 + 4.99.
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe('$9.48');
    expect(within(dialog).getByText(/Offline sale: priced from this till's copy/)).toBeTruthy();
    expect((await screen.findAllByText('Cash received is less than the total amount')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Cash received/ }), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));

    const receipt = await screen.findByRole('dialog', { name: /^Offline sale [A-Z0-9]{4}-0001$/ });
    const article = within(receipt).getByRole('article', { name: 'Receipt' });
    expect(within(article).getByTestId('receipt-offline').textContent).toMatch(
      /^Offline sale [A-Z0-9]{4}-0001 — will be sent when online$/,
    );
    expect(article.textContent).toContain('$9.48');
    expect(article.textContent).toContain('Batch LOT-2');
    expect(article.textContent).not.toContain('Sale #');
    expect(till().getByTestId('offline-queue-status').textContent).toBe('1 offline sale waiting to be sent.');
    fireEvent.click(within(receipt).getByRole('button', { name: 'New sale' }));

    // The next sale sees the stock the first one took from the copy.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'parac' } });
    expect(await screen.findByText(/10 packs in stock/)).toBeTruthy();
    expect(screen.getByText("Offline: results from this till's copy of the catalogue.")).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends the queued sale once the network is back, with its key, its number and when it happened', async () => {
    await seedCopy();
    network.online = false;
    const { callsTo } = renderPos({ 'POST /api/sales/offline': () => fakeResponse(201, aRecordedSale()) });
    await till().findByText(/Offline: the till sells/);
    await copyReady();
    await sellOffline();
    const receipt = await screen.findByRole('dialog', { name: /^Offline sale/ });
    const number = /[A-Z0-9]{4}-0001/.exec(within(receipt).getByTestId('receipt-offline').textContent ?? '')?.[0];
    fireEvent.click(within(receipt).getByRole('button', { name: 'New sale' }));
    expect(callsTo('POST', '/api/sales/offline')).toEqual([]);

    network.goOnline();
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1));
    const [sent] = callsTo('POST', '/api/sales/offline');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({
      pharmacyId: downtown.id,
      offlineNumber: number,
      cashReceived: '20.00',
      items: [{ productId: PRODUCT_ID, quantity: 2, salesUnit: 'whole', batchId: null }],
    });
    const body = sent?.body as { soldAt: string; catalogueAsOf: string };
    expect(Date.parse(body.soldAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(body.catalogueAsOf)).toBeLessThanOrEqual(Date.parse(body.soldAt));
    await waitFor(() =>
      expect(till().getByTestId('offline-queue-status').textContent).toBe('No offline sales waiting.'),
    );
    fireEvent.click(till().getByRole('button', { name: /Offline sales/ }));
    const panel = await screen.findByRole('dialog', { name: 'Offline sales' });
    expect(within(panel).getByRole('listitem', { name: `Offline sale ${number}` }).textContent).toContain('Sent');
  });

  it('keeps a refused sale in the queue, marked, and discards it only once the user confirms', async () => {
    await seedCopy();
    network.online = false;
    const { callsTo } = renderPos({
      'POST /api/sales/offline': () =>
        fakeResponse(403, { statusCode: 403, code: 'FORBIDDEN', message: 'You do not work at this pharmacy.' }),
    });
    await till().findByText(/Offline: the till sells/);
    await copyReady();
    await sellOffline();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /^Offline sale/ })).getByRole('button', { name: 'New sale' }),
    );
    network.goOnline();
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1));
    expect(await till().findByText('1 refused by the server.')).toBeTruthy();

    fireEvent.click(till().getByRole('button', { name: /Offline sales/ }));
    const panel = await screen.findByRole('dialog', { name: 'Offline sales' });
    const entry = within(panel).getByRole('listitem', { name: /^Offline sale / });
    expect(entry.textContent).toContain('Refused');
    expect(entry.textContent).toContain('You do not work at this pharmacy.');
    fireEvent.click(within(entry).getByRole('button', { name: /^Discard offline sale/ }));
    const confirm = await screen.findByRole('alertdialog', { name: /^Discard offline sale .*\?$/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(within(entry).getByRole('button', { name: /^Discard offline sale/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard sale' }));
    await waitFor(() => expect(within(panel).queryAllByRole('listitem')).toHaveLength(0));
    expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1);
  });

  it('scans from the copy when the search cannot reach the server, though the browser says it is online', async () => {
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const { callsTo, routes } = renderPos({ 'GET /api/products/search?*': unreachable });
    await copyReady();
    // The server has gone since the page opened (the next refresh would fail as well).
    routes[CATALOGUE_URL] = unreachable;
    scanIn('PAR-500-20');
    expect(await cart().findByText('Paracetamol 500 mg')).toBeTruthy();
    expect(await till().findByText(/Offline: the till sells from its copy/)).toBeTruthy();
    expect(
      callsTo('GET', `/api/products/search?${new URLSearchParams({ q: 'PAR-500-20', pharmacyId: downtown.id })}`),
    ).toHaveLength(1);
  });

  it('keeps a checkout whose request cannot reach the server as an offline sale, under the same key', async () => {
    // A cart filled while the server still answered.
    sessionStorage.setItem(`pharmacy-pos-cart:${downtown.id}`, JSON.stringify([cartLine(2)]));
    const { callsTo } = renderPos({
      'POST /api/sales/complete': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await copyReady();
    fireEvent.click(await cart().findByRole('button', { name: /Checkout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Cash received/ }), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    const receipt = await screen.findByRole('dialog', { name: /^Offline sale/ });
    expect((await screen.findAllByText('Kept as an offline sale')).length).toBeGreaterThan(0);
    // Priced from the copy: its FEFO batch's discount applies.
    expect(within(receipt).getByRole('article', { name: 'Receipt' }).textContent).toContain('$9.48');
    const [checkout] = callsTo('POST', '/api/sales/complete');
    const store = await TillStore.open();
    const [queued] = await store.sales();
    store.close();
    expect(queued?.idempotencyKey).toBe(checkout?.headers['Idempotency-Key']);
    expect(queued?.status).toBe('waiting');
  });

  it('sells more than the copy holds (the goods are at the counter), saying what will be reported', async () => {
    await seedCopy();
    network.online = false;
    sessionStorage.setItem(`pharmacy-pos-cart:${downtown.id}`, JSON.stringify([cartLine(20)]));
    renderPos();
    await copyReady();
    fireEvent.click(await cart().findByRole('button', { name: /Checkout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(
      within(dialog).getByText(
        "Paracetamol 500 mg: this till's copy holds only 12 × Whole pack of the 20 sold. The sale is made; the difference is reported to the pharmacy when it is sent.",
      ),
    ).toBeTruthy();
    // 4.49 + 11 × 4.99 from the batches, 8 × 4.99 beyond them at the list price.
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe('$99.30');
    expect(within(dialog).getByRole('button', { name: 'Complete Sale' })).toHaveProperty('disabled', false);
  });

  it('speaks Arabic', async () => {
    await seedCopy();
    network.online = false;
    renderPos({}, 'ar');
    const region = within(await screen.findByRole('region', { name: 'الصندوق دون اتصال' }));
    await waitFor(() => expect(region.getByTestId('offline-catalogue-age').textContent).toBe('تم تحديث الكتالوج الآن'));
    expect(region.getByTestId('offline-queue-status').textContent).toBe('لا توجد مبيعات دون اتصال بانتظار الإرسال.');
    expect(region.getByRole('button', { name: /المبيعات دون اتصال/ })).toBeTruthy();
  });
});
