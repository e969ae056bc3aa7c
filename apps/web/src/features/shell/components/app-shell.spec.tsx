import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CurrentUser } from '@pharmacy/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browserNavigation } from '../../../lib/browser';
import { fakeResponse } from '../../../test/fake-response';
import { fakeServer } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { abdoun, aUser, downtown, unauthorizedBody } from '../../../test/users';

const realFetch = globalThis.fetch;
let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
beforeEach(() => {
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});
afterEach(() => {
  assign.mockRestore();
  globalThis.fetch = realFetch;
  localStorage.clear();
});

function signedInAs(user: CurrentUser) {
  const server = fakeServer({
    'GET /api/auth/user': () => fakeResponse(200, user),
    'GET /api/pharmacies': () => fakeResponse(200, []),
  });
  const app = renderApp({ path: '/locations' });
  return { ...server, app };
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('The signed-in shell', () => {
  it('shows an administrator the built pages in order, Users included, with the role label', async () => {
    signedInAs(aUser());
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Inventory',
      'Stock Counts',
      'Products',
      'POS',
      'AI Assistant',
      'Expiry',
      'Shortages',
      'Discrepancies',
      'Locations',
      'Reports',
      'Audit Trail',
      'Transfers',
      'Users',
      'Categories',
      'Suppliers',
    ]);
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('Sara Haddad');
    expect(screen.getByTestId('sidebar-user-role').textContent).toBe('Administrator');
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch language to العربية' })).toBeTruthy();
  });

  it('hides the administrators’ entries from a pharmacist, and names them by e-mail without a name', async () => {
    signedInAs(aUser({ role: 'pharmacist', firstName: null, lastName: null, pharmacies: [downtown] }));
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect(within(nav()).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Categories' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Suppliers' })).toBeNull();
    expect(
      within(nav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Inventory',
      'Stock Counts',
      'Products',
      'POS',
      'AI Assistant',
      'Expiry',
      'Shortages',
      'Discrepancies',
      'Locations',
      'Reports',
      'Transfers',
    ]);
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('sara@pharmacy.example');
    expect(screen.getByTestId('sidebar-user-role').textContent).toBe('Pharmacist');
    // One pharmacy: its name, nothing to switch.
    expect(screen.queryByRole('combobox', { name: 'Current pharmacy' })).toBeNull();
  });

  it('shows an auditor what a pharmacist reads, without the point of sale and stock counts, with the Audit entry and a Read-only badge', async () => {
    signedInAs(aUser({ role: 'auditor', firstName: 'Rami', lastName: 'Saleh', pharmacies: [downtown, abdoun] }));
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect(
      within(nav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Inventory',
      'Products',
      'AI Assistant',
      'Expiry',
      'Shortages',
      'Discrepancies',
      'Locations',
      'Reports',
      'Audit Trail',
      'Transfers',
    ]);
    expect(screen.getByTestId('sidebar-user-role').textContent).toBe('Auditor');
    expect(screen.getByTestId('sidebar-read-only').textContent).toBe('Read-only');
  });

  it('shows no Read-only badge to those who may write', async () => {
    signedInAs(aUser({ role: 'pharmacist', pharmacies: [downtown] }));
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect(screen.queryByTestId('sidebar-read-only')).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Audit Trail' })).toBeNull();
  });

  it('labels everything in Arabic, with Arabic pharmacy names', async () => {
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
    });
    renderApp({ path: '/locations', language: 'ar' });
    await screen.findByRole('heading', { level: 1, name: 'مواقع الصيدليات' });
    expect(screen.getByTestId('sidebar-user-role').textContent).toBe('مسؤول النظام');
    expect(
      within(screen.getByRole('navigation', { name: 'التنقل الرئيسي' })).getByRole('link', { name: 'المستخدمون' }),
    ).toBeTruthy();
    expect(screen.getAllByText('صيدلية وسط البلد').length).toBeGreaterThan(0);
  });

  it('collapses and expands with Ctrl+B (or Cmd+B), remembering the choice in a cookie for 7 days', async () => {
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    const { container } = signedInAs(aUser()).app;
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    const shell = container.querySelector('.shell') as HTMLElement;
    expect(shell.dataset.sidebar).toBe('expanded');

    act(() => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(shell.dataset.sidebar).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);
    // Icons only: the links keep their names for screen readers.
    expect(within(nav()).getByRole('link', { name: 'Locations' })).toBeTruthy();

    act(() => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', metaKey: true });
    });
    expect(shell.dataset.sidebar).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
    jest.restoreAllMocks();
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    const { container } = signedInAs(aUser()).app;
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect((container.querySelector('.shell') as HTMLElement).dataset.sidebar).toBe('collapsed');
  });

  it('opens the sidebar as a sheet on a phone, from the toggle button', async () => {
    const realMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767px') });
    try {
      signedInAs(aUser());
      await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
      const sheet = await screen.findByRole('dialog', { name: 'Sidebar' });
      fireEvent.click(within(sheet).getByRole('link', { name: 'Locations' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).toBeNull());
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });

  it('switches pharmacy for a user with several, refreshing what was loaded', async () => {
    const { callsTo } = fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/auth/user/pharmacy': () => fakeResponse(200, { message: 'Pharmacy selected successfully' }),
    });
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    const readsBefore = callsTo('GET', '/api/pharmacies').length;
    fireEvent.click(screen.getByRole('combobox', { name: 'Current pharmacy' }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    expect((await screen.findAllByText('Pharmacy selected successfully!')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/auth/user/pharmacy')[0]?.body).toEqual({ pharmacyId: abdoun.id });
    await waitFor(() => expect(callsTo('GET', '/api/pharmacies').length).toBeGreaterThan(readsBefore));
  });

  it('logs out: "Logged Out", then the welcome page, with no "Unauthorized" detour', async () => {
    const { routes } = fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/auth/logout': () => {
        routes['GET /api/auth/user'] = () => fakeResponse(401, unauthorizedBody);
        return fakeResponse(200, { message: 'You have been successfully logged out.' });
      },
    });
    const app = renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect((await screen.findAllByText('Logged Out')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('You have been successfully logged out.').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeTruthy();
    expect(app.pathname()).toBe('/');
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    // Nobody's data stays behind.
    expect(app.queryClient.getQueryData(['/api/pharmacies'])).toBeUndefined();
  });

  it('still leaves for / when logging out fails, saying so', async () => {
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/auth/logout': () => fakeResponse(500, ''),
    });
    const { pathname } = renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect((await screen.findAllByText('Logout Error')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed to logout properly').length).toBeGreaterThan(0);
    await waitFor(() => expect(pathname()).toBe('/'));
  });
});
