import { latestOtpIn } from '../../harness/outbox';
import { sleep } from './processes';

export interface Answer<T = unknown> {
  /** The HTTP status, or 0 when no answer came (connection refused or reset, or `timeoutMs` passed). */
  status: number;
  headers: Headers;
  body: T;
  /** Why no answer came (status 0). */
  error?: string;
  ms: number;
}

/** A signed-in user's session (its cookie), usable against any API process: sessions are kept in PostgreSQL. */
export class Session {
  constructor(
    readonly cookie: string,
    readonly label: string,
  ) {}

  request<T = unknown>(
    baseUrl: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Answer<T>> {
    return call<T>(baseUrl, method, path, { ...options, headers: { cookie: this.cookie, ...options.headers } });
  }

  /** GET that must answer 200: its body. */
  async get<T = unknown>(baseUrl: string, path: string): Promise<T> {
    const answer = await this.request<T>(baseUrl, 'GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** POST that must answer 200 or 201: its body. */
  async post<T = unknown>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const answer = await this.request<T>(baseUrl, 'POST', path, { body, headers });
    if (answer.status !== 200 && answer.status !== 201) {
      throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: body as T, ms: Date.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? (error as Error).message);
    return { status: 0, headers: new Headers(), body: null as T, error: reason, ms: Date.now() - started };
  }
}

/** Polls until a GET of `path` answers one of `statuses` (the process is up and reaches its database); the time it took. */
export async function waitUntilServing(
  baseUrl: string,
  path: string,
  session: Session | null,
  timeoutMs: number,
  statuses = [200],
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = session
      ? await session.request(baseUrl, 'GET', path, { timeoutMs: 2000 })
      : await call(baseUrl, 'GET', path, { timeoutMs: 2000 });
    if (statuses.includes(answer.status)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `${baseUrl}${path} did not answer ${statuses.join('/')} within ${timeoutMs} ms (last: ${answer.status})`,
      );
    }
    await sleep(100);
  }
}

/** Signs in through the real two steps (password, then the code e-mailed to the outbox file). */
export async function signIn(
  baseUrl: string,
  outboxFile: string,
  account: { email: string; password: string },
): Promise<Session> {
  const asked = await call<{ userId: string }>(baseUrl, 'POST', '/api/auth/login-request', {
    body: { email: account.email },
  });
  if (asked.status !== 200) throw new Error(`login-request: ${asked.status} ${JSON.stringify(asked.body)}`);
  const otpCode = await latestOtpIn(outboxFile, account.email);
  const verified = await call(baseUrl, 'POST', '/api/auth/login-verify', {
    body: { userId: asked.body.userId, password: account.password, otpCode },
  });
  const cookie = verified.headers.get('set-cookie')?.split(';')[0];
  if (verified.status !== 200 || !cookie) throw new Error(`login-verify: ${verified.status}`);
  return new Session(cookie, account.email);
}
