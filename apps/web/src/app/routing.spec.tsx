import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { browserNavigation } from '../lib/browser';
import { fakeResponse } from '../test/fake-response';
import { deferred, fakeServer } from '../test/fake-server';
import { renderApp } from '../test/render-app';
import { aUser, unauthorizedBody } from '../test/users';

const realFetch = globalThis.fetch;
let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
beforeEach(() => {
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const signedOut = () => fakeServer({ 'GET /api/auth/user': () => fakeResponse(401, unauthorizedBody) });

describe('routes for a signed-out visitor', () => {
  it('shows a spinner while the session is read', async () => {
    const pending = deferred<Response>();
    fakeServer({ 'GET /api/auth/user': () => pending.promise });
    renderApp({ path: '/' });
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeTruthy();
    pending.resolve(fakeResponse(401, unauthorizedBody));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeTruthy();
  });

  it('shows the welcome page at /, with the four features and the way in', async () => {
    signedOut();
    const { pathname } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeTruthy();
    for (const feature of [
      'AI Product Recognition & Consultation',
      'Multi-Location Inventory',
      'Point of Sale with Barcode Scanning',
      'Smart Expiry Tracking & FEFO',
    ]) {
      expect(screen.getByRole('heading', { name: feature })).toBeTruthy();
    }
    expect(screen.getByText('One unified login for administrators and pharmacists.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Login to System' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(pathname()).toBe('/login');
  });

  it('switches the welcome page to Arabic', async () => {
    signedOut();
    renderApp({ path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch language to العربية' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'نظام إدارة الصيدليات' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('link', { name: 'الدخول إلى النظام' })).toBeTruthy();
  });

  it('matches paths without regard to case', async () => {
    signedOut();
    renderApp({ path: '/PHARMACIST-LOGIN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacist Sign In' })).toBeTruthy();
  });

  it.each([
    '/locations',
    '/settings',
    '/user-management',
    '/Settings',
    '/inventory',
    '/products',
    '/categories',
    '/suppliers',
    '/transfers',
    '/shortages',
    '/expiry',
    '/stock-counts',
    '/discrepancies',
  ])('warns and sends the browser to sign in from %s', async (path) => {
    signedOut();
    renderApp({ path });
    expect((await screen.findAllByText('You are logged out. Logging in again...')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('shows 404 for an unknown path, without asking anyone to sign in', async () => {
    signedOut();
    renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers a retry when the session cannot be read', async () => {
    const { routes } = fakeServer({ 'GET /api/auth/user': () => fakeResponse(500, '') });
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    routes['GET /api/auth/user'] = () => fakeResponse(401, unauthorizedBody);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeTruthy();
  });
});

describe('routes for a signed-in user', () => {
  function signedIn() {
    return fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'GET /api/settings': () =>
        fakeResponse(200, {
          lowStockThreshold: 10,
          expiryWarningDays: 30,
          autoLogoutMinutes: 60,
          enableNotifications: true,
          enableSoundAlerts: true,
          enableEmailAlerts: false,
          currency: 'USD',
          language: 'en',
          theme: 'system',
        }),
      'GET /api/settings/profile': () =>
        fakeResponse(200, {
          firstName: 'Sara',
          lastName: 'Haddad',
          email: 'sara@pharmacy.example',
          phone: null,
          defaultPharmacyId: null,
        }),
      'GET /api/admin/users?*': () => fakeResponse(200, [], '', { 'X-Total-Count': '0' }),
      'GET /api/products?*': () => fakeResponse(200, [], '', { 'X-Total-Count': '0' }),
      'GET /api/inventory': () => fakeResponse(200, []),
      'GET /api/categories': () => fakeResponse(200, []),
      'GET /api/suppliers': () => fakeResponse(200, []),
      'GET /api/transfers?*': () => fakeResponse(200, [], '', { 'X-Total-Count': '0' }),
      'GET /api/transfers/summary': () =>
        fakeResponse(200, { pending: 0, approved: 0, completed: 0, cancelled: 0, total: 0 }),
      'GET /api/inventory/shortages': () => fakeResponse(200, []),
      'GET /api/inventory/expiring?days=30': () => fakeResponse(200, []),
      'GET /api/inventory/expiry-scan': () => fakeResponse(200, { lastRun: null }),
      'GET /api/stock-counts?*': () => fakeResponse(200, [], '', { 'X-Total-Count': '0' }),
      'GET /api/stock-discrepancies?*': () => fakeResponse(200, []),
    });
  }

  it('shows the dashboard at /, inside the shell', async () => {
    signedIn();
    const { pathname } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(pathname()).toBe('/');
  });

  it.each([
    ['/login', 'Dashboard'],
    ['/settings', 'Settings'],
    ['/user-management', 'User Management'],
    ['/inventory', 'Inventory'],
    ['/inventory?tab=expiry', 'Inventory'],
    ['/products', 'Product Management'],
    ['/categories', 'Categories'],
    ['/suppliers', 'Suppliers'],
    ['/transfers', 'Stock Transfers'],
    ['/shortages', 'Stock Shortages'],
    ['/expiry', 'Expiry Management'],
    ['/stock-counts', 'Stock Counts'],
    ['/discrepancies', 'Stock Discrepancies'],
    ['/discrepancies?status=all&pharmacy=not-an-id', 'Stock Discrepancies'],
  ])('opens %s', async (path, heading) => {
    signedIn();
    renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('warns and goes to sign in when the session ends while a screen is open', async () => {
    const { routes } = signedIn();
    routes['GET /api/pharmacies'] = () => fakeResponse(401, unauthorizedBody);
    renderApp({ path: '/locations' });
    expect((await screen.findAllByText('Unauthorized')).length).toBeGreaterThan(0);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
