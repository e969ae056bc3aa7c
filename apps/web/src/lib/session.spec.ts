import { afterEach, describe, expect, it } from '@jest/globals';
import { fakeResponse } from '../test/fake-response';
import { fakeServer } from '../test/fake-server';
import { abdoun, aUser, downtown, unauthorizedBody } from '../test/users';
import { displayNameOf, getAuthState, localizedPharmacy } from './session';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function serverAnswering(status: number, body: unknown) {
  return fakeServer({ 'GET /api/auth/user': () => fakeResponse(status, body) });
}

describe('getAuthState', () => {
  it('is signed in with the user on 200', async () => {
    const user = aUser();
    serverAnswering(200, user);
    await expect(getAuthState()).resolves.toEqual({ status: 'signedIn', user });
  });

  it('is signed out on 401', async () => {
    serverAnswering(401, unauthorizedBody);
    await expect(getAuthState()).resolves.toEqual({ status: 'signedOut' });
  });

  it('needs a pharmacy on 409 USER_NOT_ASSIGNED, offering the pharmacies the server lists', async () => {
    serverAnswering(409, {
      statusCode: 409,
      code: 'USER_NOT_ASSIGNED',
      message: 'User needs to select a pharmacy',
      pharmacies: [downtown, abdoun],
    });
    await expect(getAuthState()).resolves.toEqual({ status: 'needsPharmacy', pharmacies: [downtown, abdoun] });
  });

  it('falls back to the message: "User needs to select a pharmacy" means the same, with no list', async () => {
    serverAnswering(409, 'User needs to select a pharmacy');
    await expect(getAuthState()).resolves.toEqual({ status: 'needsPharmacy', pharmacies: [] });
    serverAnswering(400, { statusCode: 400, code: 'X', message: 'User needs to select a pharmacy first' });
    await expect(getAuthState()).resolves.toEqual({ status: 'needsPharmacy', pharmacies: [] });
  });

  it('fails on anything else, so the app can offer a retry', async () => {
    serverAnswering(500, '');
    await expect(getAuthState()).rejects.toThrow('500: ');
    serverAnswering(409, { statusCode: 409, code: 'CONFLICT', message: 'Something else' });
    await expect(getAuthState()).rejects.toThrow('409: ');
  });

  it('does not cache the answer in the browser and sends the session cookie', async () => {
    const { calls } = serverAnswering(401, unauthorizedBody);
    await getAuthState();
    expect(calls).toEqual([{ method: 'GET', url: '/api/auth/user', body: undefined, headers: {} }]);
    expect(globalThis.fetch).toHaveBeenCalledWith(
      '/api/auth/user',
      expect.objectContaining({ credentials: 'include', cache: 'no-store' }),
    );
  });
});

describe('displayNameOf', () => {
  it('is the full name, or the e-mail address when there is no name', () => {
    expect(displayNameOf({ firstName: 'Sara', lastName: 'Haddad', email: 's@x.io' })).toBe('Sara Haddad');
    expect(displayNameOf({ firstName: 'Sara', lastName: null, email: 's@x.io' })).toBe('Sara');
    expect(displayNameOf({ firstName: null, lastName: ' ', email: 's@x.io' })).toBe('s@x.io');
  });
});

describe('localizedPharmacy', () => {
  it('uses the Arabic name and address in Arabic when they exist', () => {
    expect(localizedPharmacy(downtown, 'ar')).toEqual({ name: downtown.nameAr, address: downtown.addressAr });
    expect(localizedPharmacy(abdoun, 'ar')).toEqual({ name: abdoun.name, address: abdoun.address });
    expect(localizedPharmacy(downtown, 'en')).toEqual({ name: downtown.name, address: downtown.address });
  });
});
