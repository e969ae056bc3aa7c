import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fakeResponse } from '../test/fake-response';
import { fakeServer } from '../test/fake-server';
import { aUser, downtown, unauthorizedBody } from '../test/users';
import {
  forgetSignedInUser,
  isServerUnreachable,
  rememberedSessionStorageKey,
  rememberedSignedInUser,
  rememberSignedInUser,
} from './remembered-session';
import { HttpError } from './api';
import { getAuthState } from './session';

const realFetch = globalThis.fetch;
let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  jest.restoreAllMocks();
});

/** What `fetch` does when the network is down: it rejects with a TypeError. */
function networkDown() {
  globalThis.fetch = jest.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
}

const sara = aUser();

describe('the remembered signed-in user', () => {
  it('is the last user stored, and nothing once forgotten', () => {
    expect(rememberedSignedInUser()).toBeNull();
    rememberSignedInUser(sara);
    expect(rememberedSignedInUser()).toEqual(sara);
    forgetSignedInUser();
    expect(rememberedSignedInUser()).toBeNull();
  });

  it('is nothing when what is stored is not a user (another version of the app, or garbage)', () => {
    localStorage.setItem(rememberedSessionStorageKey, JSON.stringify({ id: sara.id }));
    expect(rememberedSignedInUser()).toBeNull();
    localStorage.setItem(rememberedSessionStorageKey, '{not json');
    expect(rememberedSignedInUser()).toBeNull();
  });
});

describe('isServerUnreachable', () => {
  it('is true for a network failure, a gateway without its server, or any failure while the browser is offline', () => {
    expect(isServerUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504]) expect(isServerUnreachable(new HttpError(status, '', ''))).toBe(true);
    online = false;
    expect(isServerUnreachable(new Error('anything'))).toBe(true);
  });

  it('is false when the server answered, and for a cancelled request', () => {
    for (const status of [400, 401, 403, 409, 500])
      expect(isServerUnreachable(new HttpError(status, '', ''))).toBe(false);
    expect(isServerUnreachable(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(isServerUnreachable(new SyntaxError('Unexpected token'))).toBe(false);
  });
});

describe('getAuthState without the network', () => {
  it('remembers who the server says is signed in', async () => {
    fakeServer({ 'GET /api/auth/user': () => fakeResponse(200, sara) });
    await expect(getAuthState()).resolves.toEqual({ status: 'signedIn', user: sara });
    expect(rememberedSignedInUser()).toEqual(sara);
  });

  it('answers with the remembered user, marked as remembered, when the server cannot be reached', async () => {
    rememberSignedInUser(sara);
    networkDown();
    await expect(getAuthState()).resolves.toEqual({ status: 'signedIn', user: sara, remembered: true });
    fakeServer({ 'GET /api/auth/user': () => fakeResponse(503, { statusCode: 503, message: 'unavailable' }) });
    await expect(getAuthState()).resolves.toEqual({ status: 'signedIn', user: sara, remembered: true });
  });

  it('keeps the pharmacy the user was working in', async () => {
    rememberSignedInUser(aUser({ currentPharmacyId: downtown.id, currentPharmacy: downtown }));
    networkDown();
    const state = await getAuthState();
    expect(state.status === 'signedIn' && state.user.currentPharmacy).toEqual(downtown);
  });

  it('fails as before when nobody is remembered, so the app offers a retry', async () => {
    networkDown();
    await expect(getAuthState()).rejects.toThrow('Failed to fetch');
  });

  it('does not stand in for an answer the server gave: a 500 still fails', async () => {
    rememberSignedInUser(sara);
    fakeServer({ 'GET /api/auth/user': () => fakeResponse(500, '') });
    await expect(getAuthState()).rejects.toThrow('500: ');
    expect(rememberedSignedInUser()).toEqual(sara);
  });

  it('signs out on a 401 and forgets the user, so the next offline start is signed out too', async () => {
    rememberSignedInUser(sara);
    fakeServer({ 'GET /api/auth/user': () => fakeResponse(401, unauthorizedBody) });
    await expect(getAuthState()).resolves.toEqual({ status: 'signedOut' });
    expect(rememberedSignedInUser()).toBeNull();
    networkDown();
    await expect(getAuthState()).rejects.toThrow('Failed to fetch');
  });

  it('forgets the user when the server says a pharmacy must be chosen', async () => {
    rememberSignedInUser(sara);
    fakeServer({
      'GET /api/auth/user': () =>
        fakeResponse(409, { statusCode: 409, code: 'USER_NOT_ASSIGNED', message: 'pick', pharmacies: [downtown] }),
    });
    await expect(getAuthState()).resolves.toEqual({ status: 'needsPharmacy', pharmacies: [downtown] });
    expect(rememberedSignedInUser()).toBeNull();
  });
});
