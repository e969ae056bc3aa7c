import { Client } from 'pg';
import type { Logger } from 'pino';
import type { PharmacySummary } from '@pharmacy/contracts';
import type { SessionUser } from './identity.types';

/** A backstop: however well the notifications work, nothing is kept longer than this. */
const KEEP_MS = 60_000;
const MAX_ENTRIES = 50_000;
const RETRY_MS = 1_000;
const CHANNEL = 'identity_changed';

interface Kept<Value> {
  value: Value;
  /** Date.now() past which it is not used. */
  until: number;
}

/**
 * The signed-in users, their sessions and the pharmacies they may work in, as
 * this process has read them, kept in memory so that a request costs no
 * session, user or pharmacy-list query (issue 31). Never the truth:
 *
 * - a change made through this process forgets the entry at once (the session
 *   store's writes, `forgetUser` after an identity change commits), so a
 *   demoted or removed user loses access with the next request;
 * - a change anywhere else reaches it as a notification (`identity_changed`,
 *   sent by triggers on `users`, `user_pharmacies`, `sessions` and
 *   `pharmacies` when the change commits, before the process that made it
 *   has even answered);
 * - while it is not listening (starting, or its connection lost) it keeps
 *   nothing and every request reads the database, and when it listens again
 *   it forgets everything it had;
 * - nothing is kept longer than a minute.
 */
export class IdentityCache {
  private readonly users = new Map<string, Kept<SessionUser | null>>();
  /** The pharmacies each user may work in, by user id and role. */
  private readonly pharmacies = new Map<string, Kept<PharmacySummary[]>>();
  /** A session's stored JSON: each read gets its own copy, which express-session changes freely. */
  private readonly sessions = new Map<string, Kept<{ json: string; userId: string | null }>>();
  private listener: Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Counts forgetting: a read that started before something was forgotten keeps nothing. */
  private forgotten = 0;
  /** Reads answered from memory and from the database: for tests and metrics. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly connectionString: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** Starts listening; resolves once it listens (or has failed and will try again). */
  async start(): Promise<void> {
    if (this.closed || this.listener) return;
    const client = new Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.stopKeeping();
      void client.end().catch(() => undefined);
      this.retryLater();
    };
    client.on('notification', (message) => this.notified(message.payload));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'identity notifications lost; users and sessions are read from the database');
      lost();
    });
    client.on('end', lost);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed || this.listener !== client) {
        await client.end().catch(() => undefined);
        return;
      }
      // What changed before it listened is unknown: start from nothing.
      this.stopKeeping();
      this.listening = true;
    } catch (error) {
      this.logger.warn(
        { err: error },
        'cannot listen for identity changes; users and sessions are read from the database',
      );
      if (this.listener === client) this.listener = null;
      await client.end().catch(() => undefined);
      this.retryLater();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    this.stopKeeping();
    await listener?.end().catch(() => undefined);
  }

  /** The active user with this id (null: none), from memory when it can be trusted, else from `load`. */
  user(id: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    return this.through(this.users, id, load, (user) => user);
  }

  /** The active pharmacies a user may work in (a copy), from memory when it can be trusted, else from `load`. */
  pharmaciesOf(
    user: Pick<SessionUser, 'id' | 'role'>,
    load: () => Promise<PharmacySummary[]>,
  ): Promise<PharmacySummary[]> {
    return this.through(this.pharmacies, `${user.id}|${user.role}`, load, (list) =>
      list.map((pharmacy) => ({ ...pharmacy })),
    );
  }

  /**
   * What is kept under `key` (a `copy` of it), else what `load` reads, kept
   * when nothing was forgotten meanwhile: it was listening when the read
   * started, and a change notified during the read forgets what it would keep.
   */
  private async through<Value>(
    map: Map<string, Kept<Value>>,
    key: string,
    load: () => Promise<Value>,
    copy: (value: Value) => Value,
  ): Promise<Value> {
    const kept = this.fresh(map, key);
    if (kept) {
      this.stats.hits += 1;
      return copy(kept.value);
    }
    this.stats.misses += 1;
    const keep = this.listening;
    const generation = this.generation;
    const value = await load();
    if (keep && this.listening && generation === this.generation) this.put(map, key, copy(value));
    return value;
  }

  /** The stored session (its own copy), when it is kept; undefined: read it from the database. */
  session(sid: string): unknown {
    const kept = this.fresh(this.sessions, sid);
    if (!kept) {
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return JSON.parse(kept.value.json) as unknown;
  }

  /** What the database holds for a session now (read or just written), kept until `expires`. */
  keepSession(sid: string, session: unknown, expires: number, generation: number): void {
    if (!this.listening || generation !== this.generation || session === null || session === undefined) return;
    const userId = (session as { passport?: { user?: unknown } }).passport?.user;
    this.put(
      this.sessions,
      sid,
      { json: JSON.stringify(session), userId: typeof userId === 'string' ? userId : null },
      expires,
    );
  }

  /** Take it before reading a session from the database, and hand it to `keepSession` with what was read. */
  get generation(): number {
    return this.forgotten;
  }

  forgetSession(sid: string): void {
    this.forgotten += 1;
    this.sessions.delete(sid);
  }

  /** After a change to a user commits (role, profile, password, removal): the user and every session of theirs. */
  forgetUser(userId: string): void {
    this.forgotten += 1;
    this.users.delete(userId);
    for (const key of this.pharmacies.keys()) if (key.startsWith(`${userId}|`)) this.pharmacies.delete(key);
    for (const [sid, kept] of this.sessions) if (kept.value.userId === userId) this.sessions.delete(sid);
  }

  private notified(payload: string | undefined): void {
    if (payload?.startsWith('user:')) this.forgetUser(payload.slice('user:'.length));
    else if (payload?.startsWith('session:')) this.forgetSession(payload.slice('session:'.length));
    else if (payload === 'pharmacies') this.forgetPharmacies();
    else this.stopKeeping();
  }

  /** A pharmacy was added, changed or removed: every user's list is forgotten. */
  forgetPharmacies(): void {
    this.forgotten += 1;
    this.pharmacies.clear();
  }

  private fresh<Value>(map: Map<string, Kept<Value>>, key: string): Kept<Value> | null {
    if (!this.listening) return null;
    const kept = map.get(key);
    if (!kept) return null;
    if (kept.until <= Date.now()) {
      map.delete(key);
      return null;
    }
    return kept;
  }

  private put<Value>(map: Map<string, Kept<Value>>, key: string, value: Value, expires = Infinity): void {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: Math.min(Date.now() + KEEP_MS, expires) });
  }

  private stopKeeping(): void {
    this.listening = false;
    this.forgotten += 1;
    this.users.clear();
    this.pharmacies.clear();
    this.sessions.clear();
  }

  private retryLater(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, RETRY_MS);
    this.retry.unref();
  }
}
