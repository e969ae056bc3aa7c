import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browserNavigation } from '../lib/browser';
import { rememberedSignedInUser, rememberSignedInUser } from '../lib/remembered-session';
import { fakeResponse } from '../test/fake-response';
import { fakeServer } from '../test/fake-server';
import { renderApp } from '../test/render-app';
import { aUser, downtown, unauthorizedBody } from '../test/users';

// Issue 15, the app's side of working without the network: the connection in the
// shell's header, and the signed-in shell opening from the remembered session.

const realFetch = globalThis.fetch;
let online = true;
let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  globalThis.fetch = realFetch;
  localStorage.clear();
});

function goOffline() {
  online = false;
  window.dispatchEvent(new Event('offline'));
}

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

/** No network at all: every request fails the way `fetch` fails then. */
function networkDown() {
  online = false;
  globalThis.fetch = jest.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
}

const connection = () => screen.getByRole('status', { name: /^(Connection|الاتصال)$/ });
const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('the connection in the shell header', () => {
  it('says "Online", and what still works while the browser is offline', async () => {
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
    });
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect(connection().textContent).toBe('Online');
    act(goOffline);
    expect(connection().textContent).toBe('Offline — sales are kept on this device');
    act(goOnline);
    expect(connection().textContent).toBe('Online');
  });

  it('says so in Arabic', async () => {
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
    });
    renderApp({ path: '/locations', language: 'ar' });
    await screen.findByRole('heading', { level: 1, name: 'مواقع الصيدليات' });
    expect(connection().textContent).toBe('متصل');
    act(goOffline);
    expect(connection().textContent).toBe('غير متصل — تُحفظ المبيعات على هذا الجهاز');
  });
});

describe('starting without the network', () => {
  it('opens the shell as the user last signed in on this browser, in their pharmacy', async () => {
    rememberSignedInUser(aUser({ currentPharmacy: downtown, currentPharmacyId: downtown.id }));
    networkDown();
    renderApp({ path: '/locations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' })).toBeTruthy();
    expect(within(nav()).getByRole('link', { name: 'POS' })).toBeTruthy();
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('Sara Haddad');
    expect(screen.getByRole('banner').textContent).toContain(downtown.name);
    expect(connection().textContent).toBe('Offline — sales are kept on this device');
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks the server again once back online; a session that ended meanwhile signs out', async () => {
    rememberSignedInUser(aUser());
    networkDown();
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    const { callsTo } = fakeServer({
      'GET /api/auth/user': () => fakeResponse(401, unauthorizedBody),
      'GET /api/pharmacies': () => fakeResponse(401, unauthorizedBody),
    });
    act(goOnline);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
    expect(callsTo('GET', '/api/auth/user')).toHaveLength(1);
    expect(rememberedSignedInUser()).toBeNull();
  });

  it('stays signed in once back online when the session still holds', async () => {
    rememberSignedInUser(aUser());
    networkDown();
    renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    const { callsTo } = fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser({ firstName: 'Sarah' })),
      'GET /api/pharmacies': () => fakeResponse(200, []),
    });
    act(goOnline);
    await waitFor(() => expect(screen.getByTestId('sidebar-user-name').textContent).toBe('Sarah Haddad'));
    expect(callsTo('GET', '/api/auth/user')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers a retry when nobody signed in on this browser before', async () => {
    networkDown();
    renderApp({ path: '/locations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens signed out after Logout, even if the server never heard of it', async () => {
    fakeServer({
      'GET /api/auth/user': () => fakeResponse(200, aUser()),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const first = renderApp({ path: '/locations' });
    await screen.findByRole('heading', { level: 1, name: 'Pharmacy Locations' });
    expect(rememberedSignedInUser()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(first.pathname()).toBe('/'));
    expect(rememberedSignedInUser()).toBeNull();
    first.unmount();

    networkDown();
    renderApp({ path: '/locations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
  });
});
