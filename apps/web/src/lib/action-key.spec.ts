import { describe, expect, it } from '@jest/globals';
import { ActionKey } from './action-key';

describe('ActionKey', () => {
  let n = 0;
  const sut = () => new ActionKey(() => `key-${(n += 1)}`);

  it('reuses the key when the same request is sent again, until it succeeds', () => {
    const keys = sut();
    const first = keys.for({ name: 'Aspirin', price: '2.50' });
    expect(keys.for({ name: 'Aspirin', price: '2.50' })).toBe(first);
    keys.done();
    expect(keys.for({ name: 'Aspirin', price: '2.50' })).not.toBe(first);
  });

  it('gives a changed request a new key', () => {
    const keys = sut();
    const first = keys.for({ name: 'Aspirin' });
    expect(keys.for({ name: 'Aspirin 100' })).not.toBe(first);
  });
});
