import { describe, expect, it } from '@jest/globals';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './edge';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestedDeeperThan', () => {
  it('lets the deepest request of the contract through and stops a body nested thousands deep without overflowing', () => {
    expect(nestedDeeperThan({ items: [{ productId: 'x', quantity: 1 }] }, MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nested(200_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(undefined, MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan('text', MAX_BODY_DEPTH)).toBe(false);
  });
});
