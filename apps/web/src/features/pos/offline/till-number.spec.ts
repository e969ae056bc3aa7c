import { describe, expect, it } from '@jest/globals';
import { offlineNumberPattern } from '@pharmacy/contracts';
import { formatOfflineNumber, MAX_RUNNING_NUMBER, nextOfflineNumber, randomTillCode } from './till-number';

describe('offline sale numbers', () => {
  it('draws the till code on the first sale of a browser, then counts up from 0001', () => {
    const first = nextOfflineNumber(undefined, () => 'K7Q2');
    expect(first.offlineNumber).toBe('K7Q2-0001');
    const second = nextOfflineNumber(first.numbering, () => 'ZZZZ');
    const third = nextOfflineNumber(second.numbering, () => 'ZZZZ');
    expect([second.offlineNumber, third.offlineNumber]).toEqual(['K7Q2-0002', 'K7Q2-0003']);
    expect(third.numbering).toEqual({ code: 'K7Q2', lastNumber: 3 });
  });

  it('grows to six digits, then starts a new till code rather than break the pattern', () => {
    expect(formatOfflineNumber('K7Q2', 12_345)).toBe('K7Q2-12345');
    const last = nextOfflineNumber({ code: 'K7Q2', lastNumber: MAX_RUNNING_NUMBER - 1 }, () => 'NEWC');
    expect(last.offlineNumber).toBe('K7Q2-999999');
    const after = nextOfflineNumber(last.numbering, () => 'NEWC');
    expect(after.offlineNumber).toBe('NEWC-0001');
    for (const number of [last.offlineNumber, after.offlineNumber]) expect(number).toMatch(offlineNumberPattern);
  });

  it('draws till codes of four letters and digits that cannot be misread (no 0, O, 1 or I)', () => {
    expect(randomTillCode(() => Uint8Array.from([0, 31, 32, 255]))).toBe('A9A9');
    for (let i = 0; i < 200; i += 1) {
      const code = randomTillCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
      expect(formatOfflineNumber(code, 1)).toMatch(offlineNumberPattern);
    }
  });
});
