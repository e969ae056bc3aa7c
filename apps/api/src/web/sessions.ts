import connectPgSimple from 'connect-pg-simple';
import type { Express, NextFunction, Request, Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import type { IdentityCache } from '../identity/identity-cache';
import type { PassportInstance } from '../identity/identity.types';

export const SESSION_COOKIE = 'pharmacy.sid';

/**
 * Server-side sessions in PostgreSQL (any API replica can serve any request),
 * an httpOnly SameSite cookie, and passport on top. Returns a closer for the
 * store's expiry sweeper.
 */
export function mountSessions(
  app: Express,
  passport: PassportInstance,
  options: { pool: Pool; secret: string; secure: boolean | 'auto'; cache?: IdentityCache },
): () => void {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: options.pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: 15 * 60,
  });
  throttleTouches(store);
  if (options.cache) keepSessionsIn(store, options.cache);
  app.use(
    session({
      store,
      name: SESSION_COOKIE,
      secret: options.secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      // Whether the request came over HTTPS (for `secure`) is Express's req.secure, which believes
      // X-Forwarded-Proto only from the proxies TRUST_PROXY names; `proxy: true` would believe anyone.
      cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: 60 * 60 * 1000 },
    }),
  );
  app.use(passport.initialize());
  app.use(passport.session());
  return () => store.close();
}

/**
 * Refuses state-changing API requests sent by another site's page: the browser
 * names the page's origin, and it must be this server's whole origin (scheme,
 * host and port). Requests without an Origin header (not from a browser page)
 * are left to the session and SameSite.
 */
export function sameOriginWrites(request: Request, response: Response, next: NextFunction): void {
  const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  const origin = request.get('origin');
  if (unsafe && origin && request.path.startsWith('/api')) {
    let given: string | null;
    try {
      given = new URL(origin).origin;
    } catch {
      given = null;
    }
    // request.protocol honours X-Forwarded-Proto only from the proxies Express trusts (trust proxy).
    const own = `${request.protocol}://${request.get('host') ?? ''}`;
    if (given === null || given !== own.toLowerCase()) {
      response
        .status(403)
        .json({ statusCode: 403, code: 'BAD_ORIGIN', message: 'This request came from another site and was refused.' });
      return;
    }
  }
  next();
}

/** A session's expiry is pushed back at most this often (per process): the idle timeout is minutes long. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A rolling session moves its expiry on every request, which the store writes
 * to PostgreSQL (a committed UPDATE per API call, a sale included). Once a
 * minute is as good for an idle timeout of five minutes or more.
 */
function throttleTouches(store: session.Store): void {
  const touch = store.touch?.bind(store);
  if (!touch) return;
  const lastTouched = new Map<string, number>();
  store.touch = (sid, sess, callback) => {
    const now = Date.now();
    const last = lastTouched.get(sid);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) {
      callback?.();
      return;
    }
    if (lastTouched.size >= 100_000) lastTouched.clear();
    lastTouched.set(sid, now);
    touch(sid, sess, callback);
  };
}

/** When a session stops being used: its cookie's expiry, as the store would compute it. */
function expiryOf(session: session.SessionData | null | undefined): number {
  const expires = session?.cookie?.expires;
  return expires ? new Date(expires).getTime() : Date.now();
}

/**
 * Sessions read from memory when the identity cache can vouch for them (see
 * `IdentityCache`): a request then costs no session query. The store's own
 * writes forget what they change before they are made, so this process never
 * answers from a session it has just changed or ended.
 */
function keepSessionsIn(store: session.Store, cache: IdentityCache): void {
  const get = store.get.bind(store);
  const set = store.set.bind(store);
  const destroy = store.destroy.bind(store);
  store.get = (sid, callback) => {
    const kept = cache.session(sid) as session.SessionData | undefined;
    if (kept !== undefined) {
      callback(null, kept);
      return;
    }
    const generation = cache.generation;
    get(sid, (error, found) => {
      if (!error && found) cache.keepSession(sid, found, expiryOf(found), generation);
      callback(error, found);
    });
  };
  store.set = (sid, data, callback) => {
    cache.forgetSession(sid);
    set(sid, data, (error?: unknown) => {
      cache.forgetSession(sid);
      callback?.(error);
    });
  };
  store.destroy = (sid, callback) => {
    cache.forgetSession(sid);
    destroy(sid, (error?: unknown) => {
      cache.forgetSession(sid);
      callback?.(error);
    });
  };
}
