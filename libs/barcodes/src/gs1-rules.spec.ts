import { describe, expect, it } from '@jest/globals';
import { gs1ApplicationIdentifier, gs1ApplicationIdentifiers, readScan, type Gs1Data, type ScanReading } from './gs1';

/**
 * The GS1 General Specifications' rules, one case a line: valid element strings for the AIs of the table,
 * check digits, lengths, dates (day 00 included), character sets, separators, symbology identifiers and
 * GS1 Digital Link URIs. Keys and check digits are the GS1 examples (GTIN 09506000134352, SSCC
 * 106141411234567897, GLN 9521234500018) or computed with the GS1 check digit calculator.
 */

const now = new Date('2025-06-15T12:00:00Z');
const GS = '\u001d';
const G = '09506000134352';
const G_WRONG = '09506000134353';
const SSCC = '106141411234567897';
const GLN = '9521234500018';

type Expected = Partial<Omit<Gs1Data, 'other'>> & { other?: Record<string, string> };
interface Outcome {
  kind: ScanReading['kind'];
  data?: Expected;
  /** The messages of the problems, in order; none when left out. */
  problems?: string[];
  /** For `text` and `gtin`: what the reading says. */
  value?: string;
}

function outcomeOf(input: string): Outcome {
  const scan = readScan(input, now);
  switch (scan.kind) {
    case 'gs1': {
      const data: Expected = { ...scan.data };
      if (Object.keys(scan.data.other).length === 0) delete data.other;
      return { kind: 'gs1', data, problems: scan.problems.map((p) => p.message) };
    }
    case 'gtin':
      return { kind: 'gtin', value: scan.gtin };
    case 'text':
      return { kind: 'text', value: scan.text };
  }
}

const read = (data: Expected, problems: string[] = []): Outcome => ({ kind: 'gs1', data, problems });
const gtin = (value: string): Outcome => ({ kind: 'gtin', value });
const text = (value: string): Outcome => ({ kind: 'text', value });
const notValid = (label: string) => `The ${label} in the barcode is not valid`;
const notADate = (label: string, value: string) => `The ${label} ${value} in the barcode is not a valid date`;
const notANumber = (label: string, value: string) => `The ${label} "${value}" in the barcode is not a valid number`;
const notAllowed = (label: string, value: string) =>
  `The ${label} "${value}" in the barcode contains characters that are not allowed`;
const unknown = (at: string) => `The barcode contains a field we do not recognise, at "${at}"`;

function check(cases: ReadonlyArray<readonly [string, string, Outcome]>) {
  it.each(cases)('%s', (_, input, expected) => {
    expect(outcomeOf(input)).toEqual({ problems: expected.kind === 'gs1' ? [] : undefined, ...expected });
  });
}

describe('every AI of the table is read, with parentheses', () => {
  check([
    ['00 SSCC', `(00)${SSCC}`, read({ other: { '00': SSCC } })],
    ['01 GTIN', `(01)${G}`, read({ gtin: G })],
    ['02 contained GTIN with 37 count', `(02)${G}(37)12`, read({ other: { '02': G, '37': '12' } })],
    ['03 made-to-order GTIN', `(03)${G}`, read({ other: { '03': G } })],
    ['11 production date', `(01)${G}(11)250101`, read({ gtin: G, productionDate: '2025-01-01' })],
    ['12 due date, day 00 allowed', '(12)250700', read({ other: { '12': '250700' } })],
    ['13 packaging date', '(13)250615', read({ other: { '13': '250615' } })],
    ['15 best before, day 00', '(15)260200', read({ bestBefore: '2026-02-28' })],
    ['16 sell by', '(16)261231', read({ other: { '16': '261231' } })],
    ['17 expiry, day 00 is the last day', '(17)261100', read({ expiryDate: '2026-11-30' })],
    ['20 variant', '(20)07', read({ other: { '20': '07' } })],
    [
      '21 and 10 with every character GS1 allows, scanner form',
      `]d221aZ09!"%&'()*+,-.${GS}10/:;<=>?_`,
      read({ serial: `aZ09!"%&'()*+,-.`, batch: '/:;<=>?_' }),
    ],
    ['22 consumer product variant', '(22)2A', read({ other: { '22': '2A' } })],
    ['235 third-party serial extension', '(235)TPX-0123456789', read({ other: { '235': 'TPX-0123456789' } })],
    ['240 additional product code', '(240)ALT', read({ additionalId: 'ALT' })],
    ['241 customer part number', '(241)CPN-7', read({ other: { '241': 'CPN-7' } })],
    ['242 made-to-order variation', '(242)123456', read({ other: { '242': '123456' } })],
    ['243 packaging component', '(243)PCN-1', read({ other: { '243': 'PCN-1' } })],
    ['250 and 251', '(250)SEC(251)SRC', read({ other: { '250': 'SEC', '251': 'SRC' } })],
    ['253 GDTI without a serial', `(253)${GLN}`, read({ other: { '253': GLN } })],
    ['253 GDTI with a serial', `(253)${GLN}ABC-1`, read({ other: { '253': `${GLN}ABC-1` } })],
    ['254 GLN extension', '(254)EXT1', read({ other: { '254': 'EXT1' } })],
    ['255 coupon code with its serial', `(255)${GLN}123`, read({ other: { '255': `${GLN}123` } })],
    ['30 count', '(30)8', read({ count: 8 })],
    ['3103 net weight in kg, 3 decimals', '(3103)001250', read({ other: { '3103': '001250' } })],
    ['3922 price, 2 decimals', '(3922)1995', read({ other: { '3922': '1995' } })],
    ['3932 price with an ISO currency', '(3932)9781995', read({ other: { '3932': '9781995' } })],
    ['3940 percentage discount', '(3940)0500', read({ other: { '3940': '0500' } })],
    [
      '400 to 403',
      '(400)PO-7(401)GINC/1(402)79521234567890123(403)ROUTE',
      read({ other: { '400': 'PO-7', '401': 'GINC/1', '402': '79521234567890123', '403': 'ROUTE' } }),
    ],
    ['410 and 414 GLNs', `(410)${GLN}(414)${GLN}`, read({ other: { '410': GLN, '414': GLN } })],
    ['421 postal code with its country', '(421)2761011', read({ other: { '421': '2761011' } })],
    ['422 origin and 427 subdivision', '(422)276(427)BY', read({ other: { '422': '276', '427': 'BY' } })],
    ['423 countries of initial processing', '(423)276040', read({ other: { '423': '276040' } })],
    ['4307 ship-to country', '(4307)DE', read({ other: { '4307': 'DE' } })],
    ['4309 geolocation', '(4309)01234567890123456789', read({ other: { '4309': '01234567890123456789' } })],
    ['4321 dangerous goods flag', '(4321)1', read({ other: { '4321': '1' } })],
    ['4324 not before date and time', '(4324)2612310830', read({ other: { '4324': '2612310830' } })],
    ['4330 maximum temperature below zero', '(4330)002500-', read({ other: { '4330': '002500-' } })],
    ['7001 NATO stock number', '(7001)1234567890123', read({ other: { '7001': '1234567890123' } })],
    ['7003 expiry date and time', '(7003)2612311530', read({ other: { '7003': '2612311530' } })],
    ['7004 active potency', '(7004)50', read({ other: { '7004': '50' } })],
    ['7007 harvest dates, a range', '(7007)260101260131', read({ other: { '7007': '260101260131' } })],
    ['7011 test by date, time left out', '(7011)260101', read({ other: { '7011': '260101' } })],
    ['7030 processor with its country', '(7030)276ABC', read({ other: { '7030': '276ABC' } })],
    ['7040 importer index', '(7040)1ABC', read({ other: { '7040': '1ABC' } })],
    [
      '710 to 716 national reimbursement numbers',
      '(710)12345678(716)A12345',
      read({ other: { '710': '12345678', '716': 'A12345' } }),
    ],
    ['7230 certification reference', '(7230)EMXYZ', read({ other: { '7230': 'EMXYZ' } })],
    ['7240 protocol', '(7240)PROTO-1', read({ other: { '7240': 'PROTO-1' } })],
    ['7241 and 7242', '(7241)01(7242)VCN1', read({ other: { '7241': '01', '7242': 'VCN1' } })],
    ['7250 date of birth, four-digit year', '(7250)19800101', read({ other: { '7250': '19800101' } })],
    ['8001 roll dimensions', '(8001)12345678901234', read({ other: { '8001': '12345678901234' } })],
    ['8003 GRAI with a serial', `(8003)0${GLN}ABC`, read({ other: { '8003': `0${GLN}ABC` } })],
    ['8006 component of a trade item', `(8006)${G}0102`, read({ other: { '8006': `${G}0102` } })],
    ['8008 production date and hour', '(8008)26010112', read({ other: { '8008': '26010112' } })],
    ['8008 with minutes and seconds', '(8008)260101123005', read({ other: { '8008': '260101123005' } })],
    ['8008 with minutes', '(8008)2601011230', read({ other: { '8008': '2601011230' } })],
    ['8010 component identifier in CSET 39', '(8010)CPID-1/A#', read({ other: { '8010': 'CPID-1/A#' } })],
    ['8011 and 8012', '(8011)123(8012)V1.2', read({ other: { '8011': '123', '8012': 'V1.2' } })],
    ['8017 GSRN and 8019 instance', `(8017)${SSCC}(8019)12`, read({ other: { '8017': SSCC, '8019': '12' } })],
    ['8030 digital signature in CSET 64', '(8030)Ab9-_Zz==', read({ other: { '8030': 'Ab9-_Zz==' } })],
    ['8111 loyalty points', '(8111)0100', read({ other: { '8111': '0100' } })],
    ['8200 product URL', '(8200)http://example.com/p?a=1', read({ other: { '8200': 'http://example.com/p?a=1' } })],
    ['90 and 91 to 99 internal codes', '(90)X(99)Y', read({ other: { '90': 'X', '99': 'Y' } })],
  ]);
});

describe('scanner form: AIs that need FNC1 are ended by GS, predefined-length AIs are not (issue 28, item 16)', () => {
  check([
    [
      '235 then the expiry',
      `]d201${G}235TPX${GS}17261231`,
      read({ gtin: G, expiryDate: '2026-12-31', other: { '235': 'TPX' } }),
    ],
    [
      '242 then the expiry',
      `]d201${G}242123${GS}17261231`,
      read({ gtin: G, expiryDate: '2026-12-31', other: { '242': '123' } }),
    ],
    ['7240 then the batch', `]d201${G}7240PRO${GS}10LOT`, read({ gtin: G, batch: 'LOT', other: { '7240': 'PRO' } })],
    ['8006 then the batch', `]d28006${G}0102${GS}10LOT`, read({ batch: 'LOT', other: { '8006': `${G}0102` } })],
    [
      '8006 without GS after it: its length is fixed',
      `]d28006${G}010210LOT`,
      read({ batch: 'LOT', other: { '8006': `${G}0102` } }),
    ],
    [
      '8111 after a coupon code',
      `]d2255${GLN}123${GS}81110100`,
      read({ other: { '255': `${GLN}123`, '8111': '0100' } }),
    ],
    [
      '3103 needs no GS',
      `]C101${G}3103001250` + '17261231',
      read({ gtin: G, expiryDate: '2026-12-31', other: { '3103': '001250' } }),
    ],
    [
      '7003 read at its fixed length',
      `]d201${G}70032612311530` + '10L1',
      read({ gtin: G, batch: 'L1', other: { '7003': '2612311530' } }),
    ],
    [
      'a price with its currency, then the count',
      `]d201${G}3932978199${GS}306`,
      read({ gtin: G, count: 6, other: { '3932': '978199' } }),
    ],
  ]);
});

describe('an AI missing from the table: what is around it is kept and it is reported', () => {
  check([
    [
      'a predefined-length AI not yet assigned (14): its length is known',
      `]d201${G}14123456` + '17261231',
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('14123456')]),
    ],
    [
      'an unassigned AI that needs FNC1: read to the next GS',
      `]d201${G}55ABC${GS}17261231`,
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('55ABC')]),
    ],
    ['an unassigned AI at the end', `]d201${G}55ABC`, read({ gtin: G }, [unknown('55ABC')])],
    [
      'an unassigned 4-digit AI in parentheses',
      `(01)${G}(7299)X(17)261231`,
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('(7299)X')]),
    ],
    [
      '310n with a decimal place no AI has',
      `]d201${G}3106001250` + '17261231',
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('3106001250')]),
    ],
    ['a predefined-length AI cut short cannot be skipped', `]d201${G}1412`, read({ gtin: G }, [unknown('1412')])],
    [
      'not an AI at all: read again after the next GS',
      `]d201${G}AB12${GS}17261231`,
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('AB12')]),
    ],
  ]);
});

describe('check digits, lengths, dates and character sets', () => {
  check([
    ['00 with a wrong check digit', '(00)106141411234567898', read({}, [notValid('shipping container code (SSCC)')])],
    ['01 with a wrong check digit', `(01)${G_WRONG}`, read({}, [notValid('product code (GTIN)')])],
    ['02 with a wrong check digit', `(02)${G_WRONG}`, read({}, [notValid('contained product code (GTIN)')])],
    ['253 with a wrong check digit', '(253)9521234500019ABC', read({}, [notValid('document type identifier (GDTI)')])],
    ['410 with a wrong check digit', '(410)9521234500019', read({}, [notValid('ship-to location (GLN)')])],
    ['402 with a wrong check digit', '(402)79521234567890124', read({}, [notValid('shipment number (GSIN)')])],
    ['8006 with a wrong GTIN in it', `(8006)${G_WRONG}0102`, read({}, [notValid('component of a trade item (ITIP)')])],
    [
      '8017 with a wrong check digit',
      '(8017)106141411234567898',
      read({}, [notValid('service relation number of a provider (GSRN)')]),
    ],
    [
      '8003 with a wrong check digit',
      '(8003)09521234500019ABC',
      read({}, [notValid('returnable asset identifier (GRAI)')]),
    ],
    ['a GTIN of 13 digits in parentheses', '(01)9506000134352', read({}, [notValid('product code (GTIN)')])],
    ['a GTIN of 15 digits in parentheses', `(01)${G}1`, read({}, [notValid('product code (GTIN)')])],
    ['a GTIN of all zeros', '(01)00000000000000', read({}, [notValid('product code (GTIN)')])],
    ['an expiry date of 5 digits', '(17)26123', read({}, [notADate('expiry date', '26123')])],
    ['an expiry date of 7 digits', '(17)2612311', read({}, [notADate('expiry date', '2612311')])],
    ['a variant of one digit', '(20)1', read({}, [notANumber('product variant', '1')])],
    [
      'a batch of 21 characters',
      `(10)${'A'.repeat(21)}`,
      read({}, ['The batch number in the barcode is longer than 20 characters']),
    ],
    [
      'a TPX of 29 characters',
      `(235)${'A'.repeat(29)}`,
      read({}, ['The third-party serial extension (TPX) in the barcode is longer than 28 characters']),
    ],
    [
      '242 of 7 digits',
      '(242)1234567',
      read({}, ['The made-to-order variation number in the barcode is longer than 6 characters']),
    ],
    [
      'a country code of three letters',
      '(4307)DEU',
      read({}, ['The ship-to country code "DEU" in the barcode is not valid']),
    ],
    ['month 13', '(17)261301', read({}, [notADate('expiry date', '261301')])],
    ['month 00', '(11)250000', read({}, [notADate('production date', '250000')])],
    ['30 February', '(17)260230', read({}, [notADate('expiry date', '260230')])],
    ['29 February of a common year', '(16)260229', read({}, [notADate('sell-by date', '260229')])],
    ['29 February of a leap year', '(15)280229', read({ bestBefore: '2028-02-29' })],
    ['day 32', '(13)250132', read({}, [notADate('packaging date', '250132')])],
    [
      'day 00 where GS1 does not allow it (first freeze date)',
      '(7006)260100',
      read({}, [notADate('first freeze date', '260100')]),
    ],
    [
      'day 00 where GS1 does not allow it (release date)',
      '(4326)260100',
      read({}, [notADate('release date', '260100')]),
    ],
    ['hour 24 in an expiry time', '(7003)2612312400', read({}, [notADate('expiry date and time', '2612312400')])],
    ['minute 60 in an expiry time', '(7003)2612311260', read({}, [notADate('expiry date and time', '2612311260')])],
    ['a date of birth that does not exist', '(7250)19810229', read({}, [notADate('date of birth', '19810229')])],
    ['8008 with minute 60', '(8008)2601011260', read({}, [notADate('production date and time', '2601011260')])],
    ['8008 with only a date, no hour', '(8008)260101', read({}, [notADate('production date and time', '260101')])],
    ['a batch with # (not in the GS1 character set)', '(10)AB#1', read({}, [notAllowed('batch number', 'AB#1')])],
    ['a serial with a space', '(21)A 1', read({}, [notAllowed('serial number', 'A 1')])],
    ['a batch with a letter outside ASCII', '(10)LOTé', read({}, [notAllowed('batch number', 'LOTé')])],
    [
      '8010 in lower case (CSET 39 has none)',
      '(8010)cpid',
      read({}, [notAllowed('component identifier (CPID)', 'cpid')]),
    ],
    ['8030 with + (not in CSET 64)', '(8030)ab+c', read({}, [notAllowed('digital signature', 'ab+c')])],
    ['a count with a letter', '(30)12A', read({}, [notANumber('count', '12A')])],
    ['a net weight with a letter', '(3103)00125A', read({}, [notANumber('net weight (kg)', '00125A')])],
    ['242 with a letter', '(242)12A', read({}, [notANumber('made-to-order variation number', '12A')])],
    [
      '4330 with something else than a minus',
      '(4330)002500+',
      read({}, [notAllowed('maximum temperature (°F)', '002500+')]),
    ],
  ]);
});

describe('separators (issue 28, item 12): in parentheses and wherever a real GS occurs, only a real GS separates', () => {
  check([
    [
      '<GS> inside a value in parentheses is data',
      '(01)12345678901231(10)A<GS>B(17)261231',
      read({ gtin: '12345678901231', batch: 'A<GS>B', expiryDate: '2026-12-31' }),
    ],
    ['<GS> inside a value typed from a pack', `(01) ${G} (10) A<GS>B`, read({ gtin: G, batch: 'A<GS>B' })],
    [
      '{GS} inside a value in parentheses is not a separator either',
      '(10)A{GS}B',
      read({}, [notAllowed('batch number', 'A{GS}B')]),
    ],
    ['a real GS between elements in parentheses', `(01)${G}${GS}(10)AB`, read({ gtin: G, batch: 'AB' })],
    [
      'a real GS inside a value in parentheses ends it',
      `(10)A${GS}B(17)261231`,
      read({ batch: 'A', expiryDate: '2026-12-31' }, ['The barcode is not a valid GS1 code near "B(17)26123"']),
    ],
    [
      'scanner form with FNC1 first: <GS> is data',
      `]d2${GS}01${G}17261231` + '10A<GS>B',
      read({ gtin: G, expiryDate: '2026-12-31', batch: 'A<GS>B' }),
    ],
    [
      'scanner form with a real GS elsewhere: <GS> is data',
      `01${G}10A<GS>B${GS}17261231`,
      read({ gtin: G, batch: 'A<GS>B', expiryDate: '2026-12-31' }),
    ],
    [
      'scanner form without a real GS: <GS> is the separator a keyboard scanner spelt',
      `]d201${G}10AB<GS>17261231`,
      read({ gtin: G, batch: 'AB', expiryDate: '2026-12-31' }),
    ],
    [
      'scanner form: ~1 as the separator',
      `01${G}10AB~117261231`,
      read({ gtin: G, batch: 'AB', expiryDate: '2026-12-31' }),
    ],
    [
      'a GS after a fixed-length value is allowed',
      `01${G}${GS}17261231${GS}10AB`,
      read({ gtin: G, expiryDate: '2026-12-31', batch: 'AB' }),
    ],
    ['no GS after a variable value: it runs to the end', `01${G}10AB17261231`, read({ gtin: G, batch: 'AB17261231' })],
  ]);
});

describe('symbology identifiers (issue 28, item 13): only EAN/UPC and GS1 carriers give a GTIN', () => {
  check([
    [']d2 GS1 DataMatrix', `]d201${G}17261231`, read({ gtin: G, expiryDate: '2026-12-31' })],
    [']C1 GS1-128', `]C101${G}10L1`, read({ gtin: G, batch: 'L1' })],
    [']Q3 GS1 QR Code', `]Q301${G}21S1`, read({ gtin: G, serial: 'S1' })],
    [']e0 GS1 DataBar', `]e001${G}`, read({ gtin: G })],
    [']J1 GS1 DotCode', `]J101${G}`, read({ gtin: G })],
    [']E0 EAN-13', ']E04006381333931', gtin('04006381333931')],
    [']E0 UPC-A as EAN-13', ']E00036000291452', gtin('00036000291452')],
    [']E4 EAN-8', ']E496385074', gtin('00000096385074')],
    [']I1 ITF-14', ']I119506000134359', gtin('19506000134359')],
    [']E0 with a wrong check digit', ']E04006381333932', text('4006381333932')],
    [']C0 plain Code 128 with 8 digits and a valid check digit', ']C042094043', text('42094043')],
    [']C0 plain Code 128 with 13 digits and a valid check digit', ']C04006381333931', text('4006381333931')],
    [']C0 plain Code 128 that looks like an element string', `]C001${G}17261231`, text(`01${G}17261231`)],
    [']Q1 plain QR Code with parentheses', `]Q1(01)${G}`, text(`(01)${G}`)],
    [']d1 plain DataMatrix with parentheses', `]d1(01)${G}(10)L1`, text(`(01)${G}(10)L1`)],
    [']A0 Code 39 digits', ']A096385074', text('96385074')],
    ['no identifier: 8 digits with a valid check digit may be an EAN-8', '42094043', gtin('00000042094043')],
  ]);
});

describe('GS1 Digital Link URIs (issue 28, item 16)', () => {
  check([
    [
      'product, batch and expiry',
      `https://id.gs1.org/01/${G}/10/ABC123?17=261231`,
      read({ gtin: G, batch: 'ABC123', expiryDate: '2026-12-31' }),
    ],
    ['the product alone', `https://id.gs1.org/01/${G}`, read({ gtin: G })],
    [
      'any host, a path before the key, a GTIN-13 padded, a percent-encoded serial',
      'https://brand.example/products/01/9506000134352/21/SN%2F1',
      read({ gtin: G, serial: 'SN/1' }),
    ],
    ['an EAN-8 in the path', 'https://id.gs1.org/01/96385074', read({ gtin: '00000096385074' })],
    ['http, upper-case scheme and host', `HTTP://ID.GS1.ORG/01/${G}/10/L1`, read({ gtin: G, batch: 'L1' })],
    [
      'qualifiers 22, 10 and 21',
      `https://id.gs1.org/01/${G}/22/V1/10/L1/21/S1`,
      read({ gtin: G, batch: 'L1', serial: 'S1', other: { '22': 'V1' } }),
    ],
    [
      'keys that are not AIs are left alone; day 00',
      `https://id.gs1.org/01/${G}?17=260200&linkType=gs1%3Apip`,
      read({ gtin: G, expiryDate: '2026-02-28' }),
    ],
    [
      'attributes in the query',
      `https://id.gs1.org/01/${G}?3103=000500&99=x`,
      read({ gtin: G, other: { '3103': '000500', '99': 'x' } }),
    ],
    ['a fragment is ignored', `https://id.gs1.org/01/${G}/10/L1#top`, read({ gtin: G, batch: 'L1' })],
    ['an SSCC: no product', `https://id.gs1.org/00/${SSCC}`, read({ other: { '00': SSCC } })],
    [
      'in a plain QR Code (]Q1)',
      `]Q1https://id.gs1.org/01/${G}/10/L1?17=261231`,
      read({ gtin: G, batch: 'L1', expiryDate: '2026-12-31' }),
    ],
    [
      'a wrong check digit',
      `https://id.gs1.org/01/${G_WRONG}/10/L1`,
      read({ batch: 'L1' }, [notValid('product code (GTIN)')]),
    ],
    [
      'an invalid expiry in the query',
      `https://id.gs1.org/01/${G}?17=261301`,
      read({ gtin: G }, [notADate('expiry date', '261301')]),
    ],
    [
      'an AI missing from the table in the query',
      `https://id.gs1.org/01/${G}?17=261231&55=1`,
      read({ gtin: G, expiryDate: '2026-12-31' }, [unknown('55=1')]),
    ],
    [
      'a space, percent-encoded, is not allowed in a batch',
      `https://id.gs1.org/01/${G}/10/A%20B`,
      read({ gtin: G }, [notAllowed('batch number', 'A B')]),
    ],
    [
      'a broken percent-encoding',
      `https://id.gs1.org/01/${G}/10/A%E0%A4`,
      read({ gtin: G }, ['The web address in the barcode cannot be read near "A%E0%A4"']),
    ],
    [
      'the same AI in the path and in the query, different values',
      `https://id.gs1.org/01/${G}/10/L1?10=L2`,
      read({ gtin: G, batch: 'L1' }, ['The barcode contains the batch number twice, with different values']),
    ],
    [
      'a web address without a GS1 key is text',
      'https://example.com/about/10/x',
      text('https://example.com/about/10/x'),
    ],
    ['a qualifier without its key is text', 'https://id.gs1.org/10/ABC', text('https://id.gs1.org/10/ABC')],
  ]);
});

describe('the AI table follows the GS1 General Specifications', () => {
  it.each([
    ['00', 'N18', false],
    ['01', 'N14', false],
    ['03', 'N14', false],
    ['10', 'X..20', true],
    ['17', 'N6', false],
    ['20', 'N2', false],
    ['235', 'X..28', true],
    ['242', 'N..6', true],
    ['253', 'N13+[X..17]', true],
    ['3103', 'N6', false],
    ['3695', 'N6', false],
    ['3932', 'N3+N..15', true],
    ['410', 'N13', false],
    ['4309', 'N10+N10', true],
    ['7003', 'N6+N4', true],
    ['7240', 'X..20', true],
    ['8006', 'N14+N4', true],
    ['8008', 'N6+N2+[N2]+[N2]', true],
    ['8111', 'N4', true],
    ['8030', 'Z..90', true],
    ['91', 'X..90', true],
  ])('(%s) is %s, FNC1 required: %s', (ai, format, fnc1Required) => {
    expect(gs1ApplicationIdentifier(ai)).toMatchObject({ ai, format, fnc1Required });
  });

  it('names the data type and the lengths', () => {
    expect(gs1ApplicationIdentifier('17')).toMatchObject({
      title: 'expiry date',
      dataType: 'date',
      fixedLength: true,
      minLength: 6,
      maxLength: 6,
    });
    expect(gs1ApplicationIdentifier('10')).toMatchObject({
      dataType: 'alphanumeric',
      fixedLength: false,
      minLength: 1,
      maxLength: 20,
    });
    expect(gs1ApplicationIdentifier('8008')).toMatchObject({ dataType: 'date', minLength: 8, maxLength: 12 });
    expect(gs1ApplicationIdentifier('30')).toMatchObject({ dataType: 'numeric', maxLength: 8 });
    expect(gs1ApplicationIdentifier('14')).toBeNull();
    expect(gs1ApplicationIdentifier('3106')).toBeNull();
  });

  it('has every AI, no AI a prefix of another, and only the predefined-length AIs without FNC1', () => {
    const table = gs1ApplicationIdentifiers();
    // 00-03, 10-17 (no 14), 20-22, 235-255, 30, 37, 53 measures with 0-5 decimals (318), 390n-395n (50),
    // 400-427, 4300-4333, 7001-7259, 8001-8200, 90-99 (GS1 General Specifications, section 3.2).
    expect(table).toHaveLength(536);
    const codes = table.map((entry) => entry.ai);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(codes.filter((other) => other !== code && other.startsWith(code))).toEqual([]);
    const predefined: Record<string, number> = { '00': 20, '01': 16, '02': 16, '03': 16, '04': 18, '11': 8, '12': 8 };
    for (const prefix of ['13', '14', '15', '16', '17', '18', '19']) predefined[prefix] = 8;
    predefined['20'] = 4;
    for (const prefix of ['31', '32', '33', '34', '35', '36']) predefined[prefix] = 10;
    predefined['41'] = 16;
    for (const entry of table) {
      const total = predefined[entry.ai.slice(0, 2)];
      expect({ ai: entry.ai, fnc1Required: entry.fnc1Required }).toEqual({
        ai: entry.ai,
        fnc1Required: total === undefined,
      });
      if (total !== undefined)
        expect({ ai: entry.ai, length: entry.ai.length + entry.maxLength, fixed: entry.fixedLength }).toEqual({
          ai: entry.ai,
          length: total,
          fixed: true,
        });
    }
  });
});
