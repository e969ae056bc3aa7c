import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browserNavigation } from '../lib/browser';
import { aPharmacy, aProduct, PRODUCT_ID } from '../test/catalogue';
import { chooseLocation, dashboardRoutes, everywhere, openDiscrepancies, pharmaciesRoute } from '../test/dashboard';
import { fakeResponse } from '../test/fake-response';
import { fakeServer, type FakeHandler } from '../test/fake-server';
import { batches, inventoryServer, pageOf } from '../test/inventory';
import { fillVerify, loginServer, toVerifyStep } from '../test/login';
import { renderApp } from '../test/render-app';
import { shortageServer, shortages } from '../test/shortages';
import { defaultSettingsRoute } from '../test/signed-in';
import { anAvailabilityRow, ZINC_ID } from '../test/transfers';
import { abdoun, aUser, downtown } from '../test/users';

/**
 * Journeys across pages, in the whole app (every route, the shell, the session): where a
 * page's control leads and what the next page makes of it. Each page's own behaviour is
 * in its spec beside it, which renders that page (or its route) alone.
 */

const realFetch = globalThis.fetch;
beforeEach(() => localStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('signing in (/login)', () => {
  /** A signed-out visitor at /login, with a server that knows one user. */
  function setUp(routes: Record<string, FakeHandler> = {}) {
    const server = loginServer(routes);
    const app = renderApp({ path: '/login' });
    return { ...server, app };
  }

  it('signs in: "Login Successful", the current user is read again, and the app moves on from /', async () => {
    const { routes, callsTo, app } = setUp({
      'POST /api/auth/login-verify': () => {
        routes['GET /api/auth/user'] = () => fakeResponse(200, aUser());
        return fakeResponse(200, { message: 'Welcome back, Sara!' });
      },
    });
    await toVerifyStep();
    fillVerify('Secret#2026', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findAllByText('Login Successful')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Welcome back, Sara!').length).toBeGreaterThan(0);
    // On to / : the dashboard.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(app.pathname()).toBe('/');
    expect(callsTo('GET', '/api/auth/user').length).toBeGreaterThanOrEqual(2);
  });

  it('"Back to Welcome" goes to the welcome page', async () => {
    const { app } = setUp();
    await toVerifyStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Welcome' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeTruthy();
    expect(app.pathname()).toBe('/');
  });
});

describe('the dashboard (/)', () => {
  let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
  beforeEach(() => {
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  function signedIn(routes: Record<string, FakeHandler> = {}) {
    const withDiscrepancies = { ...everywhere, discrepancies: openDiscrepancies(2) };
    return fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      ...defaultSettingsRoute,
      ...pharmaciesRoute,
      ...dashboardRoutes(null, withDiscrepancies),
      ...dashboardRoutes(abdoun.id, withDiscrepancies),
      ...routes,
    });
  }

  it('links to the pages it names, and keeps the chosen location in the address', async () => {
    signedIn();
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Quick Sale')).toBe('/pos');
    expect(href('Scan Product')).toBe('/pos');
    expect(href('Add Product')).toBe('/inventory');
    expect(await screen.findByRole('link', { name: 'View Inventory' })).toBeTruthy();
    expect(href('View Inventory')).toBe('/inventory');
    // Until /expiry is built, the inventory's Expiry Tracking tab.
    expect(['/expiry', '/inventory?tab=expiry']).toContain(href('View Expiring Items'));
    expect(await screen.findByRole('link', { name: 'Edit Paracetamol 500 mg' })).toBeTruthy();
    expect(href('Edit Paracetamol 500 mg')).toBe('/products');
    expect(href('Transfer Stock')).toBe('/transfers');
    expect(href('Transfer Paracetamol 500 mg')).toBe('/transfers');
    expect(href('Generate Report')).toBe('/reports');
    expect(await screen.findByRole('link', { name: 'Review discrepancies' })).toBeTruthy();
    expect(href('Review discrepancies')).toBe('/discrepancies');

    await chooseLocation(abdoun.name);
    await waitFor(() => expect(router.state.location.search).toEqual({ location: abdoun.id }));
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toBe(abdoun.name);
    // The alert leads to the discrepancies of the location chosen.
    await waitFor(() => expect(href('Review discrepancies')).toBe(`/discrepancies?pharmacy=${abdoun.id}`));

    fireEvent.click(await screen.findByRole('link', { name: 'View Inventory' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
  });
});

describe('Stock Shortages (/shortages)', () => {
  const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];

  it('requests a transfer from the suggested source: the create dialog opens filled in', async () => {
    const short = shortages[1]!;
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      ...defaultSettingsRoute,
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      ...shortageServer(shortages),
      'GET /api/transfers': () => fakeResponse(200, []),
      'GET /api/products': () =>
        fakeResponse(200, [aProduct(), aProduct({ id: ZINC_ID, name: 'Zinc 10 mg', sku: 'ZN-10' })]),
      [`GET /api/inventory/availability?pharmacyId=${abdoun.id}`]: () => fakeResponse(200, []),
      [`GET /api/inventory/availability?pharmacyId=${abdoun.id}&productId=${ZINC_ID}`]: () =>
        fakeResponse(200, [
          anAvailabilityRow({ productId: ZINC_ID, name: 'Zinc 10 mg', nameAr: null, sku: 'ZN-10', availableQty: 40 }),
        ]),
    });
    const { router } = renderApp({ path: '/shortages' });
    fireEvent.click(
      await screen.findByRole('button', { name: `Request a transfer of Zinc 10 mg to ${downtown.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Stock Transfer' });
    expect(router.state.location.pathname).toBe('/transfers');
    expect(router.state.location.search).toEqual({
      from: abdoun.id,
      to: downtown.id,
      product: ZINC_ID,
      // As much as the source can spare (20) of the 25 missing.
      quantity: short.suggestedSourceStock,
    });
    const quantity = await within(dialog).findByRole('spinbutton', { name: 'Quantity of Zinc 10 mg' });
    expect((quantity as HTMLInputElement).value).toBe('20');
    expect(within(dialog).getByRole('combobox', { name: /^From Pharmacy/ }).textContent).toBe(abdoun.name);
    expect(within(dialog).getByRole('combobox', { name: /^To Pharmacy/ }).textContent).toBe(downtown.name);
    // Closing the dialog drops the parameters, so a reload does not open it again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});

describe('Batch Management (/inventory?tab=batches)', () => {
  it('transfers a batch: /transfers opens with its pharmacy as the source and its product chosen', async () => {
    const batch = batches[3]!;
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      ...defaultSettingsRoute,
      ...inventoryServer(batches),
      'GET /api/transfers': () => fakeResponse(200, []),
      'GET /api/transfers?*': (_, url) => pageOf([], url!),
      [`GET /api/inventory/availability?pharmacyId=${abdoun.id}`]: () => fakeResponse(200, []),
      [`GET /api/inventory/availability?pharmacyId=${abdoun.id}&productId=${PRODUCT_ID}`]: () =>
        fakeResponse(200, [
          { productId: PRODUCT_ID, name: 'Paracetamol 500 mg', nameAr: null, sku: 'PAR-500-20', availableQty: 4 },
        ]),
    });
    const { router } = renderApp({ path: '/inventory?tab=batches' });
    const row = (await within(await screen.findByRole('table')).findByText('CRIT-1')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Stock Transfer' });
    expect(router.state.location.pathname).toBe('/transfers');
    expect(router.state.location.search).toEqual({ from: batch.pharmacyId, product: PRODUCT_ID });
    expect(within(dialog).getByRole('combobox', { name: /^From Pharmacy/ }).textContent).toBe(abdoun.name);
    const quantity = await within(dialog).findByRole('spinbutton', { name: 'Quantity of Paracetamol 500 mg' });
    expect((quantity as HTMLInputElement).value).toBe('1');
  });
});
