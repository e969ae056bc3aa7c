import { apiErrorSchema, type ApiError } from '@pharmacy/contracts';
import { takeEarlyRead } from './early-reads';

/**
 * A non-2xx answer. The message follows the specification's convention
 * (`<status>: <body or status text>`) because other code matches on it
 * (see `isUnauthorizedError`); status and body stay available for callers
 * that want to branch on the error code instead of parsing text.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new HttpError(response.status, response.statusText, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** One per user action (see `ActionKey`): the server records a repeat of it once. */
  idempotencyKey?: string;
}

type ReadModelsBehindListener = () => void;
const readModelsBehindListeners = new Set<ReadModelsBehindListener>();

/**
 * Called when an answer went out before the server's read models caught up
 * with this browser's last write (`X-Read-Models: stale`): lists fetched right
 * now may not show it yet. A write's answer does not wait for the lists; the
 * server leaves the write's log position in a cookie, and the reads after it
 * wait for the read models they are built from (ADR 0020).
 */
export function onReadModelsBehind(listener: ReadModelsBehindListener): () => void {
  readModelsBehindListeners.add(listener);
  return () => readModelsBehindListeners.delete(listener);
}

/** A write (or any call with a body). Sends the session cookie; throws `HttpError` on a non-2xx answer. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  noticeReadModelsBehind(response);
  return response;
}

function noticeReadModelsBehind(response: Response): void {
  if (response.headers.get('X-Read-Models') === 'stale') for (const listener of readModelsBehindListeners) listener();
}

/** Query keys are the REST path split into segments, e.g. `['/api/pharmacies']` or `['/api/pharmacies', id]`. */
export type ApiQueryKey = readonly [string, ...(string | number)[]];

export function queryKeyToPath(queryKey: ApiQueryKey): string {
  return queryKey.join('/');
}

export interface FetchJsonOptions {
  signal?: AbortSignal;
  /** Most reads treat 401 as an error; the current-user read answers `null` instead (signed out is a state, not a failure). */
  on401?: 'throw' | 'returnNull';
}

/** A read: the path comes from the query key and the browser cache is bypassed, because TanStack Query is the cache. */
export function fetchJson(queryKey: ApiQueryKey, options: FetchJsonOptions = {}): Promise<unknown> {
  return fetchJsonAt(queryKeyToPath(queryKey), options);
}

/**
 * `path?name=value&...` with the empty parameters left out. For reads with a
 * query string, whose key cannot simply be the path split at its slashes.
 */
export function withQuery(path: string, params: Readonly<Record<string, string | number | null | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A read from an explicit URL (see `fetchJson`). */
export async function fetchJsonAt(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const response = await read(url, options);
  return response === null ? null : response.json();
}

/** One page of a paged list call: its rows, and how many match in all (the `X-Total-Count` header). */
export async function fetchPageAt(
  url: string,
  options: FetchJsonOptions = {},
): Promise<{ body: unknown; total: number }> {
  const response = await read(url, { ...options, on401: 'throw' });
  const total = Number(response!.headers.get('X-Total-Count'));
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`${url} answered without a usable X-Total-Count`);
  return { body: await response!.json(), total };
}

async function read(url: string, options: FetchJsonOptions): Promise<Response | null> {
  const init: RequestInit = { credentials: 'include', cache: 'no-store', signal: options.signal };
  let response = await (takeEarlyRead(url) ?? fetch(url, init));
  // A 304 has no body to parse; ask again and let the browser revalidate into a full answer.
  if (response.status === 304) response = await fetch(url, { ...init, cache: 'no-cache' });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(response);
  noticeReadModelsBehind(response);
  return response;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

/** The server's structured error body (`{ statusCode, code, message, errors? }`), when the error carries one. */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (!(error instanceof HttpError) || !error.body) return undefined;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The whole error body, extra fields included (a 409 may say which batch or
 * expiry it clashed with, or which kind of value was taken); `apiErrorOf` keeps
 * only the common fields.
 */
export function apiErrorDetailsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof HttpError) || !error.body) return {};
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
