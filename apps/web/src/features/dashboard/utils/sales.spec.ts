import { describe, expect, it } from '@jest/globals';
import { saleNumber } from './sales';

describe('saleNumber', () => {
  it('is the last 6 characters of the id', () => {
    expect(saleNumber('0f6a7c2e-1111-4a4a-8b8b-00000012ab34')).toBe('12ab34');
    expect(saleNumber('abc')).toBe('abc');
  });
});
