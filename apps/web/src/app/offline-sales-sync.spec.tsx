import { describe, expect, it } from '@jest/globals';
import type { CurrentUser } from '@pharmacy/contracts';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { TillStore } from '../features/pos/offline/till-db';
import { todayIso } from '../lib/dates';
import { PRODUCT_ID } from '../test/catalogue';
import { fakeResponse } from '../test/fake-response';
import { fakeServer, type FakeHandler } from '../test/fake-server';
import { anOfflineCatalogue, simulatedNetwork } from '../test/offline';
import { renderApp } from '../test/render-app';
import { defaultSettingsRoute } from '../test/signed-in';
import { aUser, downtown } from '../test/users';

// Issue 15: offline sales are sent when the network is back from whichever
// signed-in screen is open, not only from the point of sale, and never twice.

// IndexedDB, timers and the fake server take their turns: on a busy machine a second is not always enough.
configure({ asyncUtilTimeout: 5000 });

const network = simulatedNetwork();

const pharmacist = aUser({ role: 'pharmacist', pharmacies: [downtown] });
const CATALOGUE_URL = `/api/sales/offline-catalogue?pharmacyId=${downtown.id}`;

/** A sale the till kept while offline, as the point of sale would have left it before the user went elsewhere. */
async function queueSale(user: CurrentUser = pharmacist) {
  const store = await TillStore.open();
  await store.saveCatalogue(anOfflineCatalogue(), { requestedAt: new Date(), fetchedAt: new Date() });
  const soldAt = new Date();
  const result = await store.recordSale({
    idempotencyKey: '3f1e9a52-6c4b-4d2a-9e8f-0a1b2c3d4e5f',
    soldAt,
    today: todayIso(soldAt),
    pharmacy: downtown,
    user: { id: user.id, name: `${user.firstName} ${user.lastName}` },
    customerName: null,
    customerPhone: null,
    notes: null,
    cashReceived: '20.00',
    items: [{ productId: PRODUCT_ID, quantity: 2, salesUnit: 'whole', batchId: null }],
  });
  store.close();
  if (!result.ok) throw new Error(`the sale was not kept: ${result.problem.code}`);
  return result.sale;
}

async function saleStatus(seq: number) {
  const store = await TillStore.open();
  const sale = (await store.sales()).find((one) => one.seq === seq);
  store.close();
  return sale?.status;
}

function routesFor(user: CurrentUser, extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    ...defaultSettingsRoute,
    'GET /api/auth/user': () => fakeResponse(200, user),
    'GET /api/pharmacies': () => fakeResponse(200, [downtown]),
    [`GET ${CATALOGUE_URL}`]: () => fakeResponse(200, anOfflineCatalogue()),
    'GET /api/sales?*': () => fakeResponse(200, []),
    'POST /api/sales/offline': () => fakeResponse(201, {}),
    ...extra,
  };
}

/** Lets IndexedDB, the fake server and the timers take a few turns. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('offline sales sent from any signed-in screen', () => {
  it('sends a queued sale from another screen once the browser is back online, then refreshes the copy', async () => {
    const sale = await queueSale();
    network.online = false;
    const { callsTo } = fakeServer(routesFor(pharmacist));
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    await settle();
    expect(callsTo('POST', '/api/sales/offline')).toEqual([]);

    network.goOnline();
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1));
    const [sent] = callsTo('POST', '/api/sales/offline');
    expect(sent?.headers['Idempotency-Key']).toBe(sale.idempotencyKey);
    expect(sent?.body).toMatchObject({ pharmacyId: downtown.id, offlineNumber: sale.offlineNumber });
    await waitFor(async () => expect(await saleStatus(sale.seq)).toBe('sent'));
    // After a sale is recorded the copy is fetched again (its stock changed on the server).
    await waitFor(() => expect(callsTo('GET', CATALOGUE_URL).length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Pharmacy Locations' })).toBeTruthy();

    await settle();
    expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1);
  });

  it('sends it exactly once when the point of sale is open too', async () => {
    const sale = await queueSale();
    network.online = false;
    const { callsTo } = fakeServer(routesFor(pharmacist));
    renderApp({ path: '/pos' });
    await screen.findByRole('region', { name: 'Offline till' });
    await settle();

    network.goOnline();
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1));
    await waitFor(async () => expect(await saleStatus(sale.seq)).toBe('sent'));
    await settle();
    expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1);
  });

  it('takes over from the point of sale when the user goes to the dashboard with a sale the server put off', async () => {
    const sale = await queueSale();
    let answer = 503;
    const { callsTo } = fakeServer(
      routesFor(pharmacist, { 'POST /api/sales/offline': () => fakeResponse(answer, {}) }),
    );
    const { router } = renderApp({ path: '/pos' });
    await screen.findByRole('region', { name: 'Offline till' });
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(1));
    await waitFor(async () => expect(await saleStatus(sale.seq)).toBe('waiting'));

    answer = 201;
    // The dashboard (`/`) is not under the signed-in layout of the other screens.
    await act(() => router.navigate({ to: '/' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // The background sender sends what the point of sale left waiting as soon as it takes over.
    await waitFor(() => expect(callsTo('POST', '/api/sales/offline')).toHaveLength(2));
    await waitFor(async () => expect(await saleStatus(sale.seq)).toBe('sent'));
    await settle();
    expect(callsTo('POST', '/api/sales/offline')).toHaveLength(2);
  });

  it('runs nothing for an auditor (who never sells)', async () => {
    const auditor = aUser({ id: '0f6a7c2e-1111-4a4a-8b8b-000000000009', role: 'auditor', pharmacies: [downtown] });
    // Under the auditor's own id, so that only the role keeps it from being sent.
    await queueSale(auditor);
    network.online = false;
    const { callsTo } = fakeServer(routesFor(auditor));
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    network.goOnline();
    await settle();
    await settle();
    expect(callsTo('POST', '/api/sales/offline')).toEqual([]);
  });
});
