import { jest } from '@jest/globals';
import { fakeResponse } from './fake-response';

/** `url` (always given by `fakeServer`): the URL asked for, so a `"GET /api/x?*"` handler can answer by its query. */
export type FakeHandler = (body: unknown, url?: URL) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with answers keyed by "METHOD path" and records every call.
 * A key "METHOD path?*" answers that path with any query the exact keys do
 * not name. A handler may be swapped later (`routes[...] = ...`) to change
 * what the server says; an unknown route answers 500 so a test notices it.
 */
export function fakeServer(routes: Record<string, FakeHandler>) {
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn<typeof fetch>((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = { ...((init?.headers as Record<string, string> | undefined) ?? {}) };
    calls.push({ method, url, body, headers });
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}?*`];
    if (!handler) return Promise.resolve(fakeResponse(500, `no fake for ${method} ${url}`));
    return Promise.resolve(handler(body, new URL(url, 'http://localhost')));
  });
  return {
    calls,
    routes,
    callsTo: (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url),
  };
}

/** A promise the test settles when it wants, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
