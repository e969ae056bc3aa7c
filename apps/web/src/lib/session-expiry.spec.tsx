import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeResponse } from '../test/fake-response';
import { fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { unauthorizedBody } from '../test/users';
import { apiRequest, fetchJson } from './api';
import { browserNavigation } from './browser';
import { LOGIN_REDIRECT_DELAY_MS, SignedOutRedirect, useSessionExpiryRedirect } from './session-expiry';

function ProtectedScreen() {
  useSessionExpiryRedirect();
  const first = useQuery({ queryKey: ['/api/first'], queryFn: () => fetchJson(['/api/first']) });
  const second = useQuery({ queryKey: ['/api/second'], queryFn: () => fetchJson(['/api/second']) });
  const save = useMutation({ mutationFn: () => apiRequest('POST', '/api/save') });
  return (
    <div>
      <p>{first.isError && second.isError ? 'both failed' : 'loading'}</p>
      <button type="button" onClick={() => save.mutate()}>
        save
      </button>
    </div>
  );
}

/** Lets fetches resolve and React Query notify (it batches on zero-delay timers) without moving the clock on. */
async function settle() {
  for (let round = 0; round < 20; round += 1) {
    await act(() => jest.advanceTimersByTimeAsync(0));
  }
}

const realFetch = globalThis.fetch;
let assign: jest.SpiedFunction<typeof browserNavigation.assign>;

beforeEach(() => {
  jest.useFakeTimers();
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  assign.mockRestore();
  globalThis.fetch = realFetch;
});

describe('session expiry on a protected screen', () => {
  it('warns once and goes to sign in 500 ms later, however many reads fail with 401', async () => {
    fakeServer({
      'GET /api/first': () => fakeResponse(401, unauthorizedBody),
      'GET /api/second': () => fakeResponse(401, unauthorizedBody),
    });
    renderWithProviders(<ProtectedScreen />);
    await settle();
    expect(screen.getByText('both failed')).toBeTruthy();

    // The toast, once (Radix repeats a toast's text for screen readers, hence "at least one").
    expect(screen.getAllByText('Unauthorized').length).toBeGreaterThan(0);
    expect(screen.getAllByText('You are logged out. Logging in again...').length).toBeGreaterThan(0);

    act(() => jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS - 1));
    expect(assign).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');

    act(() => jest.advanceTimersByTime(5000));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('reacts to a write refused with 401 too', async () => {
    fakeServer({
      'GET /api/first': () => fakeResponse(200, {}),
      'GET /api/second': () => fakeResponse(200, {}),
      'POST /api/save': () => fakeResponse(401, unauthorizedBody),
    });
    renderWithProviders(<ProtectedScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect((await screen.findAllByText('Unauthorized')).length).toBeGreaterThan(0);
    act(() => jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('ignores other failures, including a 401 that is not about the session', async () => {
    fakeServer({
      'GET /api/first': () => fakeResponse(500, ''),
      'GET /api/second': () =>
        fakeResponse(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid password' }),
    });
    renderWithProviders(<ProtectedScreen />);
    expect(await screen.findByText('both failed')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('SignedOutRedirect', () => {
  it('shows the Unauthorized toast, then sends the browser to /api/login after 500 ms', () => {
    renderWithProviders(<SignedOutRedirect />);
    expect(screen.getAllByText('Unauthorized').length).toBeGreaterThan(0);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('speaks Arabic in Arabic', () => {
    renderWithProviders(<SignedOutRedirect />, { language: 'ar' });
    expect(screen.getAllByText('غير مصرّح').length).toBeGreaterThan(0);
    expect(screen.getAllByText('لقد سُجّل خروجك. جارٍ تسجيل الدخول مرة أخرى...').length).toBeGreaterThan(0);
  });
});
