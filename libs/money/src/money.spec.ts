import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { divideRounded, formatCents, percentOf, priceOf, toCents, toRateHundredths, unitPriceText } from './index';

describe('money', () => {
  it('reads and writes amounts as exact cents', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('0.05')).toBe(5n);
    expect(toCents(' 7 ')).toBe(700n);
    expect(formatCents(1250n)).toBe('12.50');
    expect(formatCents(-5n)).toBe('-0.05');
    for (const bad of ['', '1.234', '-1', 'abc', '1e3']) expect(() => toCents(bad)).toThrow(RangeError);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (cents) => toCents(formatCents(cents)) === cents));
  });

  it('rounds half away from zero, once', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(5n, 3n)).toBe(2n);
  });

  it('prices 3 pills of a 10-pill pack from the pack price, without rounding the pill price first', () => {
    // 2.50 a pack of 3: one pill 0.8333, three pills exactly the pack.
    expect(unitPriceText(250n, 3)).toBe('0.8333');
    expect(priceOf(250n, 1, 3)).toBe(83n);
    expect(priceOf(250n, 3, 3)).toBe(250n);
    expect(priceOf(499n, 3, 10)).toBe(150n);
    expect(unitPriceText(500n, 1)).toBe('5.00');
    expect(unitPriceText(250n, 4)).toBe('0.625');
  });

  it('takes a percentage of an amount, to the cent', () => {
    expect(toRateHundredths('12.50')).toBe(1250n);
    expect(percentOf(1999n, 1250n)).toBe(250n);
    expect(percentOf(1000n, 0n)).toBe(0n);
    expect(() => toRateHundredths('100.01')).toThrow(RangeError);
  });
});
