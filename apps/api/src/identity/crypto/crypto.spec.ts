import { describe, expect, it } from '@jest/globals';
import { decoyUserId, hashCode, newBackupCodes, newOneTimeCode, sameHash } from './codes';
import { hashPassword, verifyPassword } from './passwords';
import { base32Decode, base32Encode, matchTotp, totpAt } from './totp';

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });
});

describe('one-time codes', () => {
  it('are six digits and hashed per user', () => {
    for (let i = 0; i < 50; i += 1) expect(newOneTimeCode()).toMatch(/^\d{6}$/);
    const h = hashCode('key', 'user-1', '123456');
    expect(sameHash(h, hashCode('key', 'user-1', '123456'))).toBe(true);
    expect(sameHash(h, hashCode('key', 'user-2', '123456'))).toBe(false);
    expect(sameHash(h, hashCode('other', 'user-1', '123456'))).toBe(false);
  });

  it('give an unknown e-mail a stable uuid-shaped id', () => {
    const id = decoyUserId('key', 'Nobody@Example.com');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(decoyUserId('key', 'nobody@example.com')).toBe(id);
  });

  it('makes distinct backup codes', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B test secret "12345678901234567890" (SHA1), 8-digit values truncated to 6.
  const secret = base32Encode(Buffer.from('12345678901234567890'));

  it('round-trips base32', () => {
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(totpAt(secret, Math.floor(seconds / 30))).toBe(code);
  });

  it('accepts one step of drift and nothing further', () => {
    const now = 1234567890 * 1000;
    const step = Math.floor(1234567890 / 30);
    expect(matchTotp(secret, totpAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, step - 2), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });
});
