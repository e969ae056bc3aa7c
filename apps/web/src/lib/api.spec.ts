import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fakeResponse } from '../test/fake-response';
import {
  apiErrorDetailsOf,
  apiErrorOf,
  apiRequest,
  fetchJson,
  HttpError,
  isUnauthorizedError,
  queryKeyToPath,
  withQuery,
} from './api';

type FetchMock = jest.Mock<typeof fetch>;

const answer = (status: number, body: string, statusText = '') => fakeResponse(status, body, statusText);

describe('api conventions', () => {
  let fetchMock: FetchMock;
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('turns a non-2xx answer into "<status>: <body>"', async () => {
    const body = '{"statusCode":404,"code":"NOT_FOUND","message":"Pharmacy not found"}';
    fetchMock.mockResolvedValue(answer(404, body, 'Not Found'));
    await expect(apiRequest('DELETE', '/api/pharmacies/1')).rejects.toThrow(`404: ${body}`);
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(answer(500, '', 'Internal Server Error'));
    await expect(fetchJson(['/api/pharmacies'])).rejects.toThrow('500: Internal Server Error');
  });

  it('sends credentials, and a JSON content type only with a body', async () => {
    fetchMock.mockResolvedValue(answer(201, '{}'));
    await apiRequest('POST', '/api/pharmacies', { name: 'Main' });
    await apiRequest('DELETE', '/api/pharmacies/1');
    const [[, post], [, del]] = fetchMock.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect(post).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Main"}' });
    expect(post.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(del).toMatchObject({ method: 'DELETE', credentials: 'include' });
    expect(del.headers).toBeUndefined();
    expect(del.body).toBeUndefined();
  });

  it('reads from the path the query key spells, bypassing the HTTP cache', async () => {
    fetchMock.mockResolvedValue(answer(200, '[1,2]'));
    await expect(fetchJson(['/api/pharmacies', 'abc'])).resolves.toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/pharmacies/abc',
      expect.objectContaining({ cache: 'no-store', credentials: 'include' }),
    );
    expect(queryKeyToPath(['/api/sales', 5])).toBe('/api/sales/5');
  });

  it('repeats a read that answered 304, revalidating', async () => {
    fetchMock.mockResolvedValueOnce(answer(304, '')).mockResolvedValueOnce(answer(200, '"fresh"'));
    await expect(fetchJson(['/api/pharmacies'])).resolves.toBe('fresh');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ cache: 'no-cache' });
  });

  it('answers null on 401 only when asked to', async () => {
    fetchMock.mockResolvedValue(answer(401, '', 'Unauthorized'));
    await expect(fetchJson(['/api/auth/user'], { on401: 'returnNull' })).resolves.toBeNull();
    await expect(fetchJson(['/api/auth/user'])).rejects.toThrow('401: Unauthorized');
  });

  it('recognises unauthorized errors by their message', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new HttpError(401, 'Unauthorized', '{"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Forbidden'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('exposes the structured error body when there is one', () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      errors: [{ field: 'name', message: 'Name is required' }],
    };
    expect(apiErrorOf(new HttpError(400, 'Bad Request', JSON.stringify(body)))).toEqual(body);
    expect(apiErrorOf(new HttpError(502, 'Bad Gateway', '<html>'))).toBeUndefined();
    expect(apiErrorOf(new Error('400: x'))).toBeUndefined();
  });

  it('keeps the extra fields of an error body for those who need them', () => {
    const body = { statusCode: 409, code: 'BATCH_EXPIRY_MISMATCH', message: 'x', expiryDate: '2027-06-30' };
    const error = new HttpError(409, 'Conflict', JSON.stringify(body));
    expect(apiErrorDetailsOf(error)).toEqual(body);
    expect(apiErrorOf(error)).not.toHaveProperty('expiryDate');
    expect(apiErrorDetailsOf(new HttpError(502, 'Bad Gateway', '<html>'))).toEqual({});
  });

  it('builds query strings without empty parameters', () => {
    expect(withQuery('/api/products/search', { q: '(01)123 4', pharmacyId: null })).toBe(
      '/api/products/search?q=%2801%29123+4',
    );
    expect(withQuery('/api/inventory', { pharmacyId: '' })).toBe('/api/inventory');
  });

  it("takes index.html's early answer for the first read of its URL, and asks the server for every later one", async () => {
    const early = answer(200, '{"from":"index.html"}');
    window.__pharmacyEarlyReads = { '/api/auth/user': Promise.resolve(early) };
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, '{"from":"the app"}')));
    try {
      await expect(fetchJson(['/api/auth/user'])).resolves.toEqual({ from: 'index.html' });
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(fetchJson(['/api/auth/user'])).resolves.toEqual({ from: 'the app' });
      await expect(fetchJson(['/api/settings'])).resolves.toEqual({ from: 'the app' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      delete window.__pharmacyEarlyReads;
    }
  });

  it("reads index.html's early failure as its own: unreachable is unreachable", async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__pharmacyEarlyReads = { '/api/auth/user': failed };
    try {
      await expect(fetchJson(['/api/auth/user'])).rejects.toThrow('Failed to fetch');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      delete window.__pharmacyEarlyReads;
    }
  });
});
