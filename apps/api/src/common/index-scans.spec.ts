import { describe, expect, it } from '@jest/globals';
import { hasTrigrams } from './index-scans';

describe('hasTrigrams', () => {
  it('is true when three letters or digits follow each other, in any script', () => {
    expect(hasTrigrams('amox')).toBe(true);
    expect(hasTrigrams('ch-001')).toBe(true);
    expect(hasTrigrams('أموكسي')).toBe(true);
    expect(hasTrigrams('6290000012345')).toBe(true);
  });

  it('is false when a trigram index would have to be read whole', () => {
    expect(hasTrigrams('am')).toBe(false);
    expect(hasTrigrams('#12')).toBe(false);
    expect(hasTrigrams('a-b-c')).toBe(false);
    expect(hasTrigrams('')).toBe(false);
  });
});
