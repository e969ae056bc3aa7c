import { describe, expect, it } from '@jest/globals';
import { inUseCount } from './in-use';

describe('inUseCount', () => {
  it('reads the count from the server’s refusals', () => {
    expect(inUseCount('This category is used by 3 product(s). Move them to another category first.')).toBe(3);
    expect(inUseCount('This supplier is named on 12 product(s). Choose another supplier for them first.')).toBe(12);
    expect(inUseCount('Something else')).toBeUndefined();
  });
});
