import { describe, expect, it } from '@jest/globals';
import { foldForSearch } from './search-text';

describe('foldForSearch', () => {
  it.each([
    ['Amoxicillin 500 MG', 'amoxicillin 500 mg'],
    // Hamza and madda on alif, as typed or not.
    ['أموكسيسيلين', 'اموكسيسيلين'],
    ['إيبوبروفين', 'ايبوبروفين'],
    ['آمن', 'امن'],
    // Tashkeel and tatweel.
    ['بَارَاسِيتَامُول', 'باراسيتامول'],
    ['شـــراب', 'شراب'],
    // Alif maqsura and taa marbuta.
    ['مستشفى', 'مستشفي'],
    ['صيدلية', 'صيدليه'],
    // The Persian keyboard's yeh and kaf.
    ['کريم ی', 'كريم ي'],
    // Arabic-Indic and Eastern Arabic-Indic digits.
    ['٥٠٠ ملغ', '500 ملغ'],
    ['۶۲۹۱۰۴', '629104'],
    // Presentation forms (lam-alif ligature).
    ['\ufefb', 'لا'],
  ])('%p → %p', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('makes the spellings a person types meet the one the catalogue holds', () => {
    const catalogue = foldForSearch('أَسْبِرِين ٨١ ملغ — أقراص مغلّفة');
    for (const typed of ['اسبرين', 'أسبرين', 'إسبرين', 'اسبرين 81', 'اقراص مغلفه']) {
      expect(catalogue).toContain(foldForSearch(typed));
    }
  });
});
