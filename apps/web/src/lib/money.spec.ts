import { describe, expect, it } from '@jest/globals';
import { createMoneyFormatter } from './money';

// Intl may separate the symbol with a narrow or non-breaking space depending on the ICU version.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('createMoneyFormatter', () => {
  it('always shows two decimals in the chosen currency', () => {
    const usd = createMoneyFormatter('USD', 'en');
    expect(usd(1234.5)).toBe('$1,234.50');
    expect(usd('7')).toBe('$7.00');
    expect(usd(0.125)).toBe('$0.13');
  });

  it('follows the currency setting', () => {
    expect(plain(createMoneyFormatter('EUR', 'en')(10))).toBe('€10.00');
    expect(plain(createMoneyFormatter('JOD', 'en')(10))).toMatch(/^JOD 10\.00$/);
  });

  it('writes Arabic with Western digits', () => {
    const text = createMoneyFormatter('SAR', 'ar')(1234.5);
    expect(text).toMatch(/1,234\.50/);
    expect(text).not.toMatch(/[٠-٩]/);
  });
});
