import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { READ_AFTER_COOKIE, ReadsFrom, readAfterOf } from './read-after';

function requestWith(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { headers: lower, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

describe('the position a read must see', () => {
  it('is the X-Read-After header, else the cookie a write left, else none', () => {
    expect(readAfterOf(requestWith({ 'X-Read-After': '4096' }))).toBe(4096n);
    expect(readAfterOf(requestWith({ cookie: `pharmacy.sid=s%3Aabc; ${READ_AFTER_COOKIE}=77; other=1` }))).toBe(77n);
    expect(readAfterOf(requestWith({ 'X-Read-After': '9', cookie: `${READ_AFTER_COOKIE}=77` }))).toBe(9n);
    expect(readAfterOf(requestWith({}))).toBeNull();
  });

  it('ignores what is not a position rather than refusing the read', () => {
    for (const value of ['12; DROP', '-1', '1e9', '', ' 5', '123456789012345678901'])
      expect(readAfterOf(requestWith({ 'X-Read-After': value }))).toBeNull();
    expect(readAfterOf(requestWith({ cookie: `${READ_AFTER_COOKIE}=abc` }))).toBeNull();
  });

  it('refuses, when the server starts, a route that names a read model there is none of', () => {
    expect(() => ReadsFrom('sales', 'salez')).toThrow(/unknown read models: salez/);
    expect(() => ReadsFrom('sales', 'inventory')).not.toThrow();
  });
});
