import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/errors';
import { Gs1ParseError, gtinCandidates, parseGs1, parseScan } from './gs1';

// The parser's rules are specified beside it, in libs/barcodes; these are the domain's strict terms.

const now = new Date('2025-06-15T12:00:00Z');
const GS = '\u001d';
const GTIN = '05012345678900';

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the barcode to be refused');
}

describe('parseScan', () => {
  it('answers a GS1 element string read in full with its data', () => {
    const input = `]d201${GTIN}17260331` + `10AB12C${GS}21XYZ`;
    expect(parseScan(input, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      data: { gtin: GTIN, expiryDate: '2026-03-31', batch: 'AB12C', serial: 'XYZ', other: {} },
      raw: input,
    });
  });

  it('answers GTINs and text as they are read', () => {
    expect(parseScan(' 5012345678900\r\n', now)).toEqual({ kind: 'gtin', gtin: GTIN, raw: ' 5012345678900\r\n' });
    expect(parseScan('4006381333932', now)).toEqual({ kind: 'text', text: '4006381333932', raw: '4006381333932' });
  });

  it('reads what is around an AI the GS1 table lacks instead of refusing the code (issue 28, item 16)', () => {
    const input = `]d201${GTIN}55ABC${GS}17260331`;
    expect(parseScan(input, now)).toEqual({
      kind: 'gs1',
      gtin: GTIN,
      data: { gtin: GTIN, expiryDate: '2026-03-31', other: {} },
      raw: input,
    });
  });

  it('finds the catalogue entry whichever form it was stored in', () => {
    const scanned = parseScan(']d20100036000291452' + '17260331', now);
    expect(scanned.kind === 'gs1' && scanned.gtin !== null && gtinCandidates(scanned.gtin)).toContain('036000291452');
  });
});

describe('malformed GS1 element strings are refused with a message for the user', () => {
  it.each([
    ['a wrong GTIN check digit', `(01)05012345678901(17)260331`, 'The product code (GTIN) in the barcode is not valid'],
    ['month 13', `(01)${GTIN}(17)261345`, 'The expiry date 261345 in the barcode is not a valid date'],
    ['text where an AI must be', `]d201${GTIN}hello`, 'The barcode contains a field we do not recognise, at "hello"'],
    [
      'an AI the table lacks after a wrong GTIN: the wrong GTIN is said',
      `]d20105012345678901` + '55ABC',
      'The product code (GTIN) in the barcode is not valid',
    ],
    ['a GTIN cut short', ']d20105012345', 'The product code (GTIN) in the barcode is cut short'],
    ['an empty batch', `(01)${GTIN}(10)(21)X`, 'The batch number in the barcode is empty'],
    ['two different batches', '(10)A1(10)B2', 'The barcode contains the batch number twice, with different values'],
    ['a broken parenthesis', `(01)${GTIN}(AB)1`, 'The barcode is not a valid GS1 code near "(AB)1"'],
  ])('%s', (_, input, message) => {
    expect(errorOf(() => parseScan(input, now))).toMatchObject({ message });
    expect(errorOf(() => parseGs1(input, now))).toMatchObject({ message });
  });

  it('is a domain error with the stable code INVALID_GS1, mapped to a 400 like every invalid input', () => {
    const error = errorOf(() => parseScan(`(01)${GTIN}(17)261345`, now));
    expect(error).toBeInstanceOf(Gs1ParseError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_GS1', details: { ai: '17', value: '261345' } });
  });

  it('parseGs1 refuses input that is not a GS1 element string at all', () => {
    expect(errorOf(() => parseGs1('  '))).toMatchObject({ code: 'INVALID_GS1', message: 'The barcode is empty' });
    expect(errorOf(() => parseGs1('5012345678900'))).toMatchObject({ code: 'INVALID_GS1' });
  });
});
