import { describe, expect, it } from '@jest/globals';
import { printedExpiry } from './printed-expiry';

describe('the expiry date printed on a pack, in the text OCR read', () => {
  it.each([
    ['EXP: 08/2027', '08/2027'],
    ['Exp 08/27', '08/27'],
    ['EXP. DATE: 31/08/2027', '31/08/2027'],
    ['Expiry 31.08.27', '31/08/27'],
    ['EXP 08.2027', '08/2027'],
    ['USE BY 2027-08', '2027-08'],
    ['Use before: 2027-8-5', '2027-8-5'],
    ['EXP 5-8-2027', '5-8-2027'],
    ['EXP AUG 2027', '08/2027'],
    ['Exp. 15 Aug 27', '15/08/27'],
    ['BB 08 2027', '08/2027'],
  ])('reads %j as %j, as printed, for the client to normalise', (text, expected) => {
    expect(printedExpiry(text)).toBe(expected);
  });

  it('reads the letters OCR confuses with digits inside a date', () => {
    expect(printedExpiry('EXP: O8/2O27')).toBe('08/2027');
    expect(printedExpiry('EXP 3l/12/2O26')).toBe('31/12/2026');
  });

  it('takes the date labelled as the expiry, not the manufacturing date beside it', () => {
    expect(printedExpiry('MFG 01/2025 EXP 01/2028')).toBe('01/2028');
    expect(printedExpiry('EXP 01/2028\nMFG 01/2025')).toBe('01/2028');
    expect(printedExpiry('Paracetamol 500 mg\nLOT: A12345\nMfg. date: 02/2026\nExp. date: 01/2029\n')).toBe('01/2029');
  });

  it('without a label, takes the latest unmistakable date that is not labelled as something else', () => {
    expect(printedExpiry('01/2025\n12/2027')).toBe('12/2027');
    expect(printedExpiry('MFG 03/2026')).toBeNull();
    expect(printedExpiry('Paracetamol 500 mg\n20 tablets\n2027-11-30')).toBe('2027-11-30');
  });

  it('leaves a printed day that does not exist for the client to call invalid', () => {
    expect(printedExpiry('EXP 31/02/2027')).toBe('31/02/2027');
  });

  it('finds nothing in text without a date, and does not take prices, strengths or counts for one', () => {
    expect(printedExpiry('')).toBeNull();
    expect(printedExpiry('Paracetamol 500 mg\n20 film-coated tablets\nLOT: A12345')).toBeNull();
    expect(printedExpiry('Price 12.50\n2.5 mg\n10 20 30')).toBeNull();
    expect(printedExpiry('GTIN 05012345678900')).toBeNull();
    expect(printedExpiry('BB cream SPF 30')).toBeNull();
  });
});
