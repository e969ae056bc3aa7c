import { currentUserSchema, type CurrentUser } from '@pharmacy/contracts';
import { HttpError } from './api';

/**
 * The last signed-in answer of GET /api/auth/user, kept in this browser so a
 * reload without a network still opens the shell (and the point of sale) as the
 * person who was signed in. A 401, a "choose a pharmacy" answer and Logout
 * remove it, so it never outlives a session the server or the user ended
 * while this browser could hear about it.
 */
export const rememberedSessionStorageKey = 'pharmacy-session';

export function rememberSignedInUser(user: CurrentUser): void {
  try {
    localStorage.setItem(rememberedSessionStorageKey, JSON.stringify(user));
  } catch {
    // Storage can be full or blocked; the app then simply needs the network to open, as before.
  }
}

/** The remembered user, or null when there is none or it no longer matches the contract (an older app wrote it). */
export function rememberedSignedInUser(): CurrentUser | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(rememberedSessionStorageKey);
  } catch {
    return null;
  }
  if (stored === null) return null;
  try {
    const parsed = currentUserSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetSignedInUser(): void {
  try {
    localStorage.removeItem(rememberedSessionStorageKey);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/**
 * Answers that mean a proxy in front of the server could not reach it, or the
 * server could not reach its event store: nobody said the session ended.
 */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a request failed because the server could not be reached (no
 * network, the browser offline, a gateway without its server), as opposed to
 * the server answering. `fetch` rejects with a TypeError when the network
 * fails; a cancelled request (AbortError) is not a failure at all.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (error instanceof HttpError) return UNREACHABLE_STATUSES.has(error.status);
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return error instanceof TypeError || !navigator.onLine;
}
