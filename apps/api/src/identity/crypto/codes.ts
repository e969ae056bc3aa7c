import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit one-time code, uniformly random. */
export function newOneTimeCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Keyed hash bound to the user, so a leaked table row does not give the code away by a 10^6 lookup. */
export function hashCode(key: string, userId: string, code: string): string {
  return createHmac('sha256', key).update(`${userId}:${code}`).digest('base64');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A stable, uuid-shaped id for an e-mail that has no account: the login-request
 * answer then looks the same whether or not the address is known.
 */
export function decoyUserId(key: string, email: string): string {
  const hex = createHmac('sha256', key).update(`decoy:${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Backup codes for the authenticator sign-in: 10 codes like `7f3k-9q2m`. */
export function newBackupCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
  });
}

export function normaliseBackupCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}
