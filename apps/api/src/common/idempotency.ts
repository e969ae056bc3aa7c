import { createHash, randomUUID } from 'node:crypto';
import { nameBasedUuid } from '@pharmacy/event-store';
import { validationMessages } from '@pharmacy/contracts';
import { RequestValidationError } from './validation';

/** What a client asked for under an Idempotency-Key: the key, and a hash of the request it came with. */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/** Visible ASCII, as HTTP header values are; long enough for a uuid or a client's own scheme. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, validated; null when the client sent none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY.test(value)) {
    throw new RequestValidationError([{ field: 'Idempotency-Key', message: validationMessages.idempotencyKeyInvalid }]);
  }
  return value;
}

/** JSON with object keys sorted, so the same body hashes the same however its keys were ordered. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hash of a request (method, route, path parameters, body): a repeat under the same key must match it. */
export function requestHash(method: string, route: string, params: Record<string, string>, body: unknown): string {
  const canonicalParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v.trim().toLowerCase()]));
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${route}\n${stableJson(canonicalParams)}\n${stableJson(body ?? null)}`)
    .digest('base64url');
}

export { nameBasedUuid };

/** Who sent a keyed request and the key: two users' keys never collide. */
export function commandName(userId: string | null, idempotency: Idempotency): string {
  return `${userId ?? 'anonymous'}|${idempotency.key}`;
}

/**
 * The id of something a command creates (a product, a batch, a category):
 * derived from the Idempotency-Key when there is one, so the retry of a
 * half-finished command finishes the same thing instead of starting another.
 */
export function newEntityId(
  context: { userId: string | null; idempotency: Idempotency | null },
  purpose: string,
): string {
  return context.idempotency
    ? nameBasedUuid(`${commandName(context.userId, context.idempotency)}|id|${purpose}`)
    : randomUUID();
}
