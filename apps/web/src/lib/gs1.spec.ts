import { describe, expect, it } from '@jest/globals';
import { isScannedCode, readPackScan } from './gs1';

const now = new Date('2026-11-15T10:00:00Z');
const GTIN = '05012345678900';

describe('readPackScan', () => {
  it('reads product code, expiry and batch from the printed form', () => {
    expect(readPackScan(`(01)${GTIN}(17)270331(10)LOT-42`, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      expiryDate: '2027-03-31',
      batch: 'LOT-42',
    });
  });

  it('tolerates spaces typed around printed values, and any order', () => {
    expect(readPackScan(` (10) AB12C (17) 270331 (01) ${GTIN} `, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      expiryDate: '2027-03-31',
      batch: 'AB12C',
    });
  });

  it('reads the scanner form, where a variable value ends with the group separator', () => {
    expect(readPackScan(`]d201${GTIN}10LOT-42\u001d17270331`, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      expiryDate: '2027-03-31',
      batch: 'LOT-42',
    });
    // A serial (21) after the batch, then the expiry.
    expect(readPackScan(`01${GTIN}21SER1\u001d10B7\u001d17280229`, now)).toMatchObject({
      batch: 'B7',
      expiryDate: '2028-02-29',
    });
  });

  it('accepts the separator as keyboard-wedge scanners spell it', () => {
    for (const gs of ['<GS>', '{GS}', '[gs]', '\\x1D', '\\u001d', '^]', '~1']) {
      expect(readPackScan(`01${GTIN}10LOT-42${gs}17270331`, now)).toMatchObject({
        batch: 'LOT-42',
        expiryDate: '2027-03-31',
      });
    }
  });

  it('runs a batch at the end of the scan to the end', () => {
    expect(readPackScan(`01${GTIN}17270331` + '10LOT-42', now)).toMatchObject({ batch: 'LOT-42' });
  });

  it('takes day 00 as the last day of the month', () => {
    expect(readPackScan(`(01)${GTIN}(17)270200`, now)).toMatchObject({ expiryDate: '2027-02-28' });
    expect(readPackScan(`(01)${GTIN}(17)280200`, now)).toMatchObject({ expiryDate: '2028-02-29' });
  });

  it('leaves out what it cannot read instead of guessing', () => {
    expect(readPackScan(`(01)${GTIN}(17)271345(10)X`, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      expiryDate: null,
      batch: 'X',
    });
    // A wrong check digit: the search will say why; nothing is filled in from it.
    expect(readPackScan('(01)05012345678901(17)270331', now)).toMatchObject({ gtin: null });
    // An AI the GS1 table lacks is skipped in the scanner form, and what follows it read (issue 28, item 16).
    expect(readPackScan(`01${GTIN}55ABC\u001d10LOT`, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      expiryDate: null,
      batch: 'LOT',
    });
  });

  it('tells a bare GTIN and plain words from a GS1 string', () => {
    expect(readPackScan('5012345678900', now)).toEqual({ kind: 'gtin', gtin: GTIN });
    expect(readPackScan('  Paracetamol 500 ', now)).toEqual({ kind: 'text', text: 'Paracetamol 500' });
    // Digits with a wrong check digit may be an internal SKU.
    expect(readPackScan('5012345678901', now)).toEqual({ kind: 'text', text: '5012345678901' });
    expect(isScannedCode(`(01)${GTIN}`)).toBe(true);
    expect(isScannedCode('PAR-500')).toBe(false);
  });
});
