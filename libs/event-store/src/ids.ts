import { createHash } from 'node:crypto';

/**
 * A name-based uuid (RFC 9562 version 5 layout over SHA-1): the same name
 * always gives the same id. Event ids of a fact that happens once (a batch's
 * expiry, a transfer's dispatch) or of a keyed command are derived this way,
 * so a second attempt writes the ids the first wrote and the store knows it.
 */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update('pharmacy-platform:').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
