import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browserNavigation } from '../../../lib/browser';
import { fakeResponse } from '../../../test/fake-response';
import { fakeServer, type FakeHandler } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { abdoun, aUser, downtown } from '../../../test/users';

const notAssigned =
  (pharmacies = [downtown, abdoun]): FakeHandler =>
  () =>
    fakeResponse(409, {
      statusCode: 409,
      code: 'USER_NOT_ASSIGNED',
      message: 'User needs to select a pharmacy',
      pharmacies,
    });

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

describe('Pharmacy selection', () => {
  it('replaces every route, and Continue waits for a choice', async () => {
    fakeServer({ 'GET /api/auth/user': notAssigned() });
    renderApp({ path: '/locations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Pharmacy Management' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pharmacy Locations' })).toBeNull();
    expect(screen.getByText('12 King Faisal Street, Amman')).toBeTruthy();
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Abdoun Branch/ }));
    expect(continueButton.disabled).toBe(false);
  });

  it('says "Selection Required" if sent without a choice', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/user': notAssigned() });
    renderApp({ path: '/' });
    fireEvent.submit((await screen.findByRole('button', { name: 'Continue' })).closest('form') as HTMLFormElement);
    expect((await screen.findAllByText('Selection Required')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please select a pharmacy to continue.').length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('selects the pharmacy, says so, and opens the app once the current user is read again', async () => {
    const { routes, callsTo } = fakeServer({
      'GET /api/auth/user': notAssigned(),
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/auth/user/pharmacy': () => {
        routes['GET /api/auth/user'] = () => fakeResponse(200, aUser({ role: 'pharmacist' }));
        return fakeResponse(200, { message: 'Pharmacy selected successfully' });
      },
    });
    renderApp({ path: '/' });
    fireEvent.click(await screen.findByRole('radio', { name: /Downtown Pharmacy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Pharmacy selected successfully!')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(callsTo('POST', '/api/auth/user/pharmacy')[0]?.body).toEqual({ pharmacyId: downtown.id });
  });

  it('reports a failed selection with the server message, or the default', async () => {
    const { routes } = fakeServer({
      'GET /api/auth/user': notAssigned(),
      'POST /api/auth/user/pharmacy': () =>
        fakeResponse(403, {
          statusCode: 403,
          code: 'PHARMACY_FORBIDDEN',
          message: 'You do not have access to this pharmacy.',
        }),
    });
    renderApp({ path: '/' });
    fireEvent.click(await screen.findByRole('radio', { name: /Downtown Pharmacy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('You do not have access to this pharmacy.')).length).toBeGreaterThan(0);

    routes['POST /api/auth/user/pharmacy'] = () => fakeResponse(500, '');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Failed to select pharmacy. Please try again.')).length).toBeGreaterThan(0);
  });

  it('says when there is nothing to choose, and signs out through the server', async () => {
    fakeServer({ 'GET /api/auth/user': notAssigned([]) });
    renderApp({ path: '/' });
    expect(await screen.findByText('No pharmacies available. Please contact your administrator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });

  it('treats the older "User needs to select a pharmacy" message the same way, with an empty list', async () => {
    fakeServer({ 'GET /api/auth/user': () => fakeResponse(409, 'User needs to select a pharmacy') });
    renderApp({ path: '/settings' });
    expect(await screen.findByText('No pharmacies available. Please contact your administrator.')).toBeTruthy();
  });

  it('shows Arabic names and addresses in Arabic when a pharmacy has them', async () => {
    fakeServer({ 'GET /api/auth/user': notAssigned() });
    renderApp({ path: '/', language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'مرحبًا بك في نظام إدارة الصيدليات' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /صيدلية وسط البلد/ })).toBeTruthy();
    expect(screen.getByText('١٢ شارع الملك فيصل، عمّان')).toBeTruthy();
    // No Arabic name: the English one stands.
    expect(screen.getByRole('radio', { name: /Abdoun Branch/ })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  });
});
