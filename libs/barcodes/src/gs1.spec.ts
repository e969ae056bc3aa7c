import { describe, expect, it } from '@jest/globals';
import { gtinCandidates, isValidGtin, normaliseGtin, readGs1, readScan, type Gs1Data } from './gs1';

const now = new Date('2025-06-15T12:00:00Z');
const GS = '\u001d';
const GTIN = '05012345678900';

/** The medicine pack most cases scan: GTIN, expiry 31 March 2026, batch AB12C, serial XYZ. */
const pack: Gs1Data = { gtin: GTIN, expiryDate: '2026-03-31', batch: 'AB12C', serial: 'XYZ', other: {} };
/** The same pack without parentheses, with GS after the (variable-length) batch. */
const packPlain = `01${GTIN}17260331` + `10AB12C${GS}21XYZ`;

describe('readScan: the same pack in every form a scanner or a person sends it', () => {
  it.each([
    ['with parentheses', '(01)05012345678900(17)260331(10)AB12C(21)XYZ'],
    ['with GS after the batch', packPlain],
    ['with the DataMatrix identifier ]d2', `]d2${packPlain}`],
    ['with the GS1-128 identifier ]C1', `]C1${packPlain}`],
    ['with the GS1 QR identifier ]Q3', `]Q3${packPlain}`],
    ['with GS spelt <GS>', `]d201${GTIN}1726033110AB12C<GS>21XYZ`],
    ['with GS spelt {GS}', `01${GTIN}1726033110AB12C{GS}21XYZ`],
    ['with GS spelt [gs]', `01${GTIN}1726033110AB12C[gs]21XYZ`],
    ['with GS spelt as the escape \\x1D', `01${GTIN}1726033110AB12C\\x1D21XYZ`],
    ['with GS spelt as the escape \\u001d', `01${GTIN}1726033110AB12C\\u001d21XYZ`],
    ['with GS in caret notation ^]', `01${GTIN}1726033110AB12C^]21XYZ`],
    ['with FNC1 spelt ~1', `01${GTIN}1726033110AB12C~121XYZ`],
    ['with a leading FNC1 and a trailing GS', `${GS}${packPlain}${GS}`],
    ['with separators after fixed-length fields too', `01${GTIN}${GS}17260331${GS}10AB12C${GS}${GS}21XYZ`],
    ['surrounded by whitespace and a newline', `  ]d2${packPlain}\r\n`],
    ['with the AIs in another order', `10AB12C${GS}21XYZ${GS}01${GTIN}17260331`],
    ['with parentheses in another order', `(21)XYZ(10)AB12C(17)260331(01)${GTIN}`],
    ['typed from the pack with spaces', `(01) ${GTIN} (17) 260331 (10) AB12C (21) XYZ`],
  ])('%s', (_, input) => {
    expect(readScan(input, now)).toEqual({ kind: 'gs1', gtin: GTIN, data: pack, problems: [], raw: input });
  });
});

describe('readScan: what a GS1 element string contains', () => {
  it.each<[string, string, Omit<Gs1Data, 'other'> & { other?: Record<string, string> }]>([
    ['GS1 DataBar ]e0 with only a GTIN', `]e001${GTIN}`, { gtin: GTIN }],
    ['a bare 01 + valid 14-digit GTIN', `01${GTIN}`, { gtin: GTIN }],
    [
      '01 + GTIN followed by another AI, no prefix, no GS',
      `01${GTIN}17260331`,
      { gtin: GTIN, expiryDate: '2026-03-31' },
    ],
    [
      'no GS after the batch: by the GS1 rule the batch runs to the end',
      `01${GTIN}17260331` + '10AB12C21XYZ',
      { gtin: GTIN, expiryDate: '2026-03-31', batch: 'AB12C21XYZ' },
    ],
    [
      'a batch with letters, lower case, dashes, dots and slashes',
      `(01)${GTIN}(10)lot-2024/A.7`,
      { gtin: GTIN, batch: 'lot-2024/A.7' },
    ],
    [
      'the serial before the batch, in the plain form',
      `]d201${GTIN}21SN-0001${GS}10L-9`,
      { gtin: GTIN, serial: 'SN-0001', batch: 'L-9' },
    ],
    [
      'other AIs on medicine packs, with parentheses',
      `(01)${GTIN}(11)250100(15)270600(30)0012(240)ALT-1(710)PZN-1234567(711)3400930000000`,
      {
        gtin: GTIN,
        productionDate: '2025-01-31',
        bestBefore: '2027-06-30',
        count: 12,
        additionalId: 'ALT-1',
        other: { '710': 'PZN-1234567', '711': '3400930000000' },
      },
    ],
    [
      'other AIs on medicine packs, plain form with 3-digit AIs',
      `01${GTIN}1125010130012${GS}240ALT-1${GS}7141234567${GS}91INT`,
      {
        gtin: GTIN,
        productionDate: '2025-01-01',
        count: 12,
        additionalId: 'ALT-1',
        other: { '714': '1234567', '91': 'INT' },
      },
    ],
    ['an unknown AI in parentheses is kept', `(01)${GTIN}(7240)ABC-1`, { gtin: GTIN, other: { '7240': 'ABC-1' } }],
    ['no GTIN at all', '(17)260331(10)AB12C', { expiryDate: '2026-03-31', batch: 'AB12C' }],
    ['the same AI twice with the same value', `(01)${GTIN}(10)A1(01)${GTIN}`, { gtin: GTIN, batch: 'A1' }],
  ])('%s', (_, input, expected) => {
    expect(readScan(input, now)).toEqual({
      kind: 'gs1',
      gtin: expected.gtin ?? null,
      data: { ...expected, other: expected.other ?? {} },
      problems: [],
      raw: input,
    });
  });
});

describe('readScan: plain GTINs and everything else', () => {
  it.each([
    ['an EAN-13', '4006381333931', '04006381333931'],
    ['a UPC-A', '036000291452', '00036000291452'],
    ['an EAN-8', '96385074', '00000096385074'],
    ['a GTIN-14', '10012345600019', '10012345600019'],
    ['a GTIN-14 starting 01 (not read as AI 01)', '01234567890128', '01234567890128'],
    ['an EAN-13 with the AIM identifier ]E0', ']E05012345678900', GTIN],
    ['an EAN-13 with whitespace and a newline', ' 5012345678900\r\n', GTIN],
  ])('%s is a GTIN', (_, input, gtin) => {
    expect(readScan(input, now)).toEqual({ kind: 'gtin', gtin, raw: input });
  });

  it.each([
    ['an EAN-13 with a wrong check digit (maybe an internal SKU)', '4006381333932', '4006381333932'],
    ['01 + a 14-digit number with a wrong check digit', '0105012345678901', '0105012345678901'],
    ['01 + a valid GTIN followed by no known AI', `01${GTIN}55`, `01${GTIN}55`],
    ['a short internal SKU', '12345', '12345'],
    ['a search term with parentheses', 'Panadol (500mg)', 'Panadol (500mg)'],
    ['a search term, trimmed', '  paracetamol 500 \n', 'paracetamol 500'],
    ['a search term that happens to contain <GS>', 'A1<GS>B2', 'A1<GS>B2'],
    ['a Code 39 SKU with its AIM identifier', ']A0SKU-42', 'SKU-42'],
    ['empty input', '', ''],
    ['only whitespace', ' \r\n\t', ''],
  ])('%s is text', (_, input, text) => {
    expect(readScan(input, now)).toEqual({ kind: 'text', text, raw: input });
  });
});

describe('expiry dates', () => {
  const expiryOf = (yymmdd: string, at: Date) => readGs1(`(17)${yymmdd}`, at).data.expiryDate;

  it.each([
    ['a plain date', '260331', now, '2026-03-31'],
    ['day 00 is the last day of a 30-day month', '260400', now, '2026-04-30'],
    ['day 00 in December', '261200', now, '2026-12-31'],
    ['day 00 in February of a leap year', '280200', now, '2028-02-29'],
    ['day 00 in February of a common year', '270200', now, '2027-02-28'],
    ['29 February of a leap year', '280229', now, '2028-02-29'],
    ['day 00 in February 2000 (divisible by 400)', '000200', now, '2000-02-29'],
    ['50 years ahead stays in this century', '750101', now, '2075-01-01'],
    ['51 years ahead falls back a century', '760101', now, '1976-01-01'],
    ['in 2080, 30 is 50 years ahead, next century', '300101', new Date('2080-01-01T00:00:00Z'), '2130-01-01'],
    ['in 2080, 31 is 49 years back', '310101', new Date('2080-01-01T00:00:00Z'), '2031-01-01'],
    ['in 2099, February 2100 has 28 days', '000200', new Date('2099-06-01T00:00:00Z'), '2100-02-28'],
  ])('%s: %s', (_, yymmdd, at, iso) => {
    expect(expiryOf(yymmdd, at)).toBe(iso);
  });
});

describe('what cannot be read in a GS1 element string is a problem with a message for the user', () => {
  it.each([
    ['a wrong GTIN check digit', `(01)05012345678901(17)260331`, 'The product code (GTIN) in the barcode is not valid'],
    [
      'a wrong GTIN check digit, plain form',
      `]d20105012345678901` + '17260331',
      'The product code (GTIN) in the barcode is not valid',
    ],
    ['month 13', `(01)${GTIN}(17)261345`, 'The expiry date 261345 in the barcode is not a valid date'],
    ['month 00', `(01)${GTIN}(17)260031`, 'The expiry date 260031 in the barcode is not a valid date'],
    ['29 February of a common year', `(17)270229`, 'The expiry date 270229 in the barcode is not a valid date'],
    ['31 April', `01${GTIN}17260431`, 'The expiry date 260431 in the barcode is not a valid date'],
    ['a best-before date too short', '(15)2606', 'The best-before date 2606 in the barcode is not a valid date'],
    ['a GTIN cut short', ']d20105012345', 'The product code (GTIN) in the barcode is cut short'],
    [
      'a batch longer than 20 characters in the plain form',
      `01${GTIN}10${'A'.repeat(21)}`,
      'The batch number in the barcode is longer than 20 characters (the scanner may not be sending the separator between fields)',
    ],
    [
      'a serial longer than 20 characters with parentheses',
      `(21)${'7'.repeat(21)}`,
      'The serial number in the barcode is longer than 20 characters',
    ],
    ['an empty batch', `(01)${GTIN}(10)(21)X`, 'The batch number in the barcode is empty'],
    [
      'a batch with a character outside the GS1 set',
      `(10)AB 12`,
      'The batch number "AB 12" in the barcode contains characters that are not allowed',
    ],
    ['a count that is not a number', '(30)12A', 'The count "12A" in the barcode is not a valid number'],
    ['two different batches', '(10)A1(10)B2', 'The barcode contains the batch number twice, with different values'],
    ['a broken parenthesis', `(01)${GTIN}(AB)1`, 'The barcode is not a valid GS1 code near "(AB)1"'],
    [
      'text after a GS1 symbology identifier',
      ']d2hello',
      'The barcode contains a field we do not recognise, at "hello"',
    ],
  ])('%s', (_, input, message) => {
    const scan = readScan(input, now);
    expect(scan.kind === 'gs1' && scan.problems[0]).toMatchObject({ code: 'INVALID_GS1', message });
    expect(readGs1(input, now).problems[0]).toMatchObject({ code: 'INVALID_GS1', message });
  });

  it('names the field and the value a problem is about', () => {
    expect(readGs1(`(01)${GTIN}(17)261345`, now).problems).toEqual([
      {
        code: 'INVALID_GS1',
        message: 'The expiry date 261345 in the barcode is not a valid date',
        details: { ai: '17', value: '261345' },
      },
    ]);
  });

  it('keeps every field it could read and leaves out the others', () => {
    expect(readGs1(`(01)${GTIN}(17)261345(10)AB12C`, now).data).toEqual({ gtin: GTIN, batch: 'AB12C', other: {} });
    expect(readGs1('(01)05012345678901(17)260331', now).data).toEqual({ expiryDate: '2026-03-31', other: {} });
    // The first value of a field given twice.
    expect(readGs1('(10)A1(10)B2', now).data).toEqual({ batch: 'A1', other: {} });
    // Without parentheses too, after a field that breaks its AI's rules (a production time without its hour).
    expect(readGs1(`01${GTIN}8008123456${GS}10LOT`, now).data).toEqual({ gtin: GTIN, batch: 'LOT', other: {} });
  });

  it('lists the problems in the order of the input, and an AI the table lacks as UNKNOWN_AI', () => {
    const { problems } = readGs1(`]d20105012345678901` + '55ABC', now);
    expect(problems).toEqual([
      {
        code: 'INVALID_GS1',
        message: 'The product code (GTIN) in the barcode is not valid',
        details: { ai: '01', value: '05012345678901' },
      },
      {
        code: 'UNKNOWN_AI',
        message: 'The barcode contains a field we do not recognise, at "55ABC"',
        details: { position: 16 },
      },
    ]);
  });

  it('keeps what is around an AI the table lacks (issue 28, item 16)', () => {
    expect(readScan(`]d201${GTIN}55ABC${GS}17260331`, now)).toMatchObject({
      kind: 'gs1',
      gtin: GTIN,
      data: { gtin: GTIN, expiryDate: '2026-03-31', other: {} },
      problems: [{ code: 'UNKNOWN_AI', message: 'The barcode contains a field we do not recognise, at "55ABC"' }],
    });
  });

  it('reports input that is not a GS1 element string at all', () => {
    expect(readGs1('  ').problems).toEqual([{ code: 'INVALID_GS1', message: 'The barcode is empty', details: {} }]);
    expect(readGs1('5012345678900').problems[0]).toEqual({
      code: 'INVALID_GS1',
      message: 'The barcode is not a GS1 code we can read',
      details: {},
    });
  });
});

describe('isValidGtin', () => {
  it.each(['4006381333931', '5012345678900', '036000291452', '96385074', '00012345600012', '10012345600019'])(
    'accepts %s',
    (digits) => {
      expect(isValidGtin(digits)).toBe(true);
    },
  );

  it.each([
    ['a wrong EAN-13 check digit', '4006381333932'],
    ['a wrong UPC-A check digit', '036000291453'],
    ['a wrong EAN-8 check digit', '96385075'],
    ['a wrong GTIN-14 check digit', '00012345600013'],
    ['9 digits, even though the check digit works', '096385074'],
    ['11 digits, even though the check digit works', '00036000291452'.slice(3)],
    ['15 digits, even though the check digit works', '005012345678900'],
    ['a letter O for a zero', '5O12345678900'],
    ['surrounding spaces', ' 5012345678900 '],
    ['all zeros', '00000000'],
    ['an empty string', ''],
  ])('refuses %s', (_, digits) => {
    expect(isValidGtin(digits)).toBe(false);
  });
});

describe('normaliseGtin', () => {
  it.each([
    ['96385074', '00000096385074'],
    ['036000291452', '00036000291452'],
    ['5012345678900', '05012345678900'],
    ['10012345600019', '10012345600019'],
    ['5012345678901', null],
    ['abc', null],
  ])('%s → %s', (digits, expected) => {
    expect(normaliseGtin(digits)).toBe(expected);
  });
});

describe('gtinCandidates', () => {
  it.each([
    ['an EAN-13 in its 14-digit form', '05012345678900', ['05012345678900', '5012345678900']],
    ['a UPC-A', '00036000291452', ['00036000291452', '0036000291452', '036000291452']],
    [
      'a UPC-A with leading zeros is not an EAN-8',
      '00000123456784',
      ['00000123456784', '0000123456784', '000123456784'],
    ],
    ['an EAN-8', '00000096385074', ['00000096385074', '0000096385074', '000096385074', '96385074']],
    ['a GTIN-14 with an indicator digit', '10012345600019', ['10012345600019']],
    ['a GTIN given in its short form', '96385074', ['00000096385074', '0000096385074', '000096385074', '96385074']],
    ['something that is not a GTIN', 'ABC-123', []],
  ])('%s', (_, gtin, expected) => {
    expect(gtinCandidates(gtin)).toEqual(expected);
  });

  it('finds the catalogue entry whichever form it was stored in', () => {
    const scanned = readScan(']d20100036000291452' + '17260331', now);
    const storedAsUpcA = '036000291452';
    expect(scanned.kind === 'gs1' && scanned.gtin !== null && gtinCandidates(scanned.gtin)).toContain(storedAsUpcA);
  });
});
