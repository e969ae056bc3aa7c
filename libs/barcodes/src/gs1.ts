/**
 * What the pharmacy's scanners, the till's camera and pack photos send, turned into something the catalogue
 * can look up.
 *
 * Accepted input (surrounding whitespace and newlines are trimmed first):
 *
 * - A plain GTIN: EAN-8, UPC-A (12), EAN-13 or GTIN-14, digits only, with a valid GS1 check digit.
 *   UPC-E (the 6/8-digit short form) is not expanded: configure scanners to send it as UPC-A.
 * - A GS1 element string, in either of the two forms scanners and people produce:
 *   - with parentheses, as printed under the barcode: `(01)05012345678900(17)260331(10)AB12C(21)XYZ`.
 *     A value ends at the next `(` (GS1 allows `(` inside a value, but no medicine pack we know of uses it)
 *     or at a real GS; spaces around a value are dropped, so `(01) 05012345678900 (17) 260331` typed from a
 *     pack also works. Nothing spelt (`<GS>`…) separates here: it is part of the value;
 *   - without parentheses, as a 2D scanner sends it: AI digits followed by the value, with FNC1 sent as the
 *     ASCII group separator GS (U+001D) after each value whose AI needs it.
 * - A GS1 Digital Link URI, as a QR Code carries it: `https://id.gs1.org/01/09506000134352/10/AB1?17=261231`.
 *   Any host and any path before the key; the key (01 GTIN, 00 SSCC, 8006…) and its qualifiers as
 *   `/AI/value` pairs, attributes as `AI=value` in the query (other query keys, such as `linkType`, are
 *   ignored); values are percent-decoded; a GTIN of 8, 12 or 13 digits is padded to 14. The short names of
 *   early Digital Link (`/gtin/`) are not read. The URI is only read, never fetched.
 * - An optional AIM symbology identifier in front (`]` + letter + modifier) is always removed, and says which
 *   carrier the data came from. Only EAN/UPC and GS1 carriers give a GTIN:
 *   - `]d2` (GS1 DataMatrix), `]C1` (GS1-128), `]Q3` (GS1 QR), `]e0` (GS1 DataBar), `]J1` (GS1 DotCode):
 *     GS1 data follows;
 *   - `]E0` (EAN-13, UPC-A), `]E4` (EAN-8) and `]I0`/`]I1` with 14 digits (ITF-14): a GTIN when the check
 *     digit is right;
 *   - any other (`]C0` plain Code 128, `]Q1` plain QR, `]d1` plain DataMatrix, `]A0` Code 39…): text, even
 *     digits with a valid check digit (`]C042094043` is an internal code, not the EAN-8 42094043) — except
 *     a Digital Link URI, which is GS1 in any carrier.
 * - The group separator may arrive as the real GS character or, from keyboard-wedge scanners, spelt as text:
 *   `<GS>`, `{GS}`, `[GS]` (any case), the escapes `\x1D` and `\u001D`, caret notation `^]`, or `~1`.
 *   Spelt forms are read as separators only without parentheses and only when the input holds no real GS: a
 *   scanner that sends GS never spells it, and `<`, `>` are characters a value may contain. So the till's
 *   camera and the photo reader pass a decoded GS1 symbol on as identifier + GS (FNC1 in first position, as
 *   the symbol encodes it) + data, and `<GS>` in such a value stays data. A GS at the very start or end, or
 *   two in a row, is ignored.
 *
 * Telling a GS1 element string from a plain number or a search term (see {@link readScan}), when no
 * symbology identifier says it: it is GS1 when it is a Digital Link URI, or starts with `(` + 2–4 digits +
 * `)`, or starts with two digits and contains a group separator, or is `01` + a valid 14-digit GTIN followed
 * by nothing or by another AI of the table. Otherwise digits of GTIN length with a valid check digit are a
 * GTIN (a scanner that sends no identifier cannot say it read a Code 128), and everything else — including
 * digits with a wrong check digit, which may be an internal SKU — is text.
 *
 * The AI table is the GS1 General Specifications' (section 3.2, and the GS1 Barcode Syntax Dictionary that
 * restates it): every AI with its data title, its format — numeric, CSET 82, CSET 39 or CSET 64 parts of
 * fixed or maximum length — and its checks (check digits of GS1 keys, dates, times). Values are checked
 * against it; code lists (countries, currencies) are not. Dates are YYMMDD; a day of 00 means the last day
 * of the month where GS1 allows it (AIs 11–17, 4324, 4325) and is invalid elsewhere.
 *
 * Without parentheses the length of each value comes from the AI. The predefined-length AIs (first two
 * digits 00–04, 11–20, 31–36, 41) are never followed by FNC1; every other value is ended by GS or by the end
 * of the input, and a fixed-length one among them is read at its length even when the GS after it is
 * missing. GS1's rule that a variable-length value runs to the next GS or to the end is kept: if a scanner
 * drops the separators, `10AB12C21XYZ` is batch `AB12C21XYZ`, not batch `AB12C` and serial `XYZ` — nothing
 * in the data can tell the two apart, and guessing would put a wrong batch on a recall report.
 *
 * An AI missing from the table is reported (`UNKNOWN_AI`) and skipped: a predefined-length one by its
 * length, any other up to the next GS or the end (GS1 ends every such value there). What is before and after
 * it is read. What breaks the rules of a known AI, or text where an AI must be, is `INVALID_GS1`; reading
 * starts again after the next GS (or the next `(`).
 *
 * This module runs in the browser as well as on the server, so it throws nothing and imports nothing: a
 * reading lists what it could not read as {@link Gs1Problem}s, in the order they occur (the domain's
 * `parseScan` / `parseGs1` turn the first `INVALID_GS1` one into its error; the web fills in only what was
 * read).
 */

/** The data in a GS1 element string. Dates are ISO `YYYY-MM-DD`. */
export interface Gs1Data {
  /** AI 01, 14 digits with a valid check digit. */
  gtin?: string;
  /** AI 17. A day of `00` in the barcode means the last day of that month. */
  expiryDate?: string;
  /** AI 10, batch or lot number. */
  batch?: string;
  /** AI 21, serial number. */
  serial?: string;
  /** AI 11. */
  productionDate?: string;
  /** AI 15. */
  bestBefore?: string;
  /** AI 30, variable count of items. */
  count?: number;
  /** AI 240, additional product identification assigned by the manufacturer. */
  additionalId?: string;
  /**
   * Every other AI of the table, keyed by the AI, with the value exactly as encoded (validated, not
   * converted) — e.g. the national healthcare reimbursement numbers 710 (Germany, PZN) to 716 (Italy, AIC).
   */
  other: Record<string, string>;
}

/**
 * Why (part of) a GS1 element string cannot be read. The message is meant for the user.
 * `INVALID_GS1`: a value breaks its AI's rules, or the string cannot be split there.
 * `UNKNOWN_AI`: an AI the GS1 table lacks; it was skipped and what is around it read.
 */
export interface Gs1Problem {
  readonly code: 'INVALID_GS1' | 'UNKNOWN_AI';
  readonly message: string;
  readonly details: Record<string, unknown>;
}

/**
 * What could be read from a GS1 element string, and what not, in the order of the input. No problems: the
 * whole string was read; fields with a problem are left out of `data`.
 */
export interface Gs1Reading {
  data: Gs1Data;
  problems: Gs1Problem[];
}

export type ScanReading =
  | { kind: 'gtin'; /** normalised to 14 digits */ gtin: string; raw: string }
  | { kind: 'gs1'; gtin: string | null; data: Gs1Data; problems: Gs1Problem[]; raw: string }
  | { kind: 'text'; /** trimmed, without a symbology identifier; a SKU or a search term */ text: string; raw: string };

/** One Application Identifier of the GS1 General Specifications. */
export interface Gs1ApplicationIdentifier {
  readonly ai: string;
  /** How the field is named in messages to the user. */
  readonly title: string;
  /**
   * The data field as GS1 writes it, without the AI: `N` digits, `X` CSET 82, `Y` CSET 39, `Z` CSET 64;
   * `N6` exactly 6, `X..20` 1 to 20; `[…]` may be left out; `+` joins the parts.
   */
  readonly format: string;
  readonly fixedLength: boolean;
  readonly minLength: number;
  readonly maxLength: number;
  /** False for the predefined-length AIs only: their value is never followed by FNC1 (GS). */
  readonly fnc1Required: boolean;
  readonly dataType: 'numeric' | 'alphanumeric' | 'date';
}

const problem = (message: string, details: Record<string, unknown> = {}): Gs1Problem => ({
  code: 'INVALID_GS1',
  message,
  details,
});

const unknownAi = (at: string, details: Record<string, unknown>): Gs1Problem => ({
  code: 'UNKNOWN_AI',
  message: `The barcode contains a field we do not recognise, at "${at}"`,
  details,
});

const GTIN_LENGTHS: ReadonlySet<number> = new Set([8, 12, 13, 14]);

/** True when `digits` is 8, 12, 13 or 14 digits (nothing else) with a correct GS1 mod-10 check digit. */
export function isValidGtin(digits: string): boolean {
  return /^\d+$/.test(digits) && GTIN_LENGTHS.has(digits.length) && isValidGs1Key(digits);
}

/** The GTIN as 14 digits (left-padded with zeros) when it is valid, otherwise null. */
export function normaliseGtin(digits: string): string | null {
  return isValidGtin(digits) ? digits.padStart(14, '0') : null;
}

/**
 * Every form under which a catalogue may have stored this GTIN, longest first: the 14-digit form, the EAN-13
 * when it starts with 0, the UPC-A when it starts with 00, the EAN-8 when it starts with 000000.
 * Accepts any GTIN length (it is padded to 14 first); returns [] for anything that is not 8/12/13/14 digits.
 * The check digit is not verified here — pass a GTIN from {@link readScan} or {@link normaliseGtin}.
 */
export function gtinCandidates(gtin14: string): string[] {
  if (!/^\d+$/.test(gtin14) || !GTIN_LENGTHS.has(gtin14.length)) return [];
  const padded = gtin14.padStart(14, '0');
  const candidates = [padded];
  if (padded.startsWith('0')) candidates.push(padded.slice(1));
  if (padded.startsWith('00')) candidates.push(padded.slice(2));
  if (padded.startsWith('000000')) candidates.push(padded.slice(6));
  return candidates;
}

/**
 * Reads a GS1 element string (either form, with or without a symbology identifier) or a GS1 Digital Link
 * URI: every field that is valid, and a problem for each one that is not or when the input is not GS1 data
 * at all. `now` decides the century of two-digit years (GS1 sliding window: from 49 years before to 50
 * years after the current year, in UTC).
 */
export function readGs1(input: string, now: Date = new Date()): Gs1Reading {
  const { body } = unwrap(input);
  const link = digitalLink(body);
  return link === null ? readElementString(body, now) : toData(link, now, false);
}

/**
 * Classifies whatever a scanner or a person put into a barcode field or a search box (see the module
 * comment for the rules). Input that is unmistakably GS1 data is `gs1` even when malformed — say, an expiry
 * date of 261345 — with what was wrong in `problems`, so the user can be told why.
 */
export function readScan(input: string, now: Date = new Date()): ScanReading {
  const raw = input;
  const { body, symbology } = unwrap(input);
  if (body === '') return { kind: 'text', text: '', raw };

  const link = digitalLink(body);
  if (link !== null) return gs1Scan(toData(link, now, false), raw);
  const text = { kind: 'text', text: body, raw } as const;
  switch (carrierOf(symbology)) {
    case 'gs1':
      return gs1Scan(readElementString(body, now), raw);
    case 'ean': {
      const gtin = normaliseGtin(body);
      return gtin === null ? text : { kind: 'gtin', gtin, raw };
    }
    case 'itf': {
      const gtin = body.length === 14 ? normaliseGtin(body) : null;
      return gtin === null ? text : { kind: 'gtin', gtin, raw };
    }
    case 'other':
      return text;
    case 'unknown': {
      if (looksLikeGs1(body)) return gs1Scan(readElementString(body, now), raw);
      const gtin = normaliseGtin(body);
      return gtin === null ? text : { kind: 'gtin', gtin, raw };
    }
  }
}

/** The AI as the GS1 General Specifications define it, or null when it is not in their table. */
export function gs1ApplicationIdentifier(ai: string): Gs1ApplicationIdentifier | null {
  const definition = AIS.get(ai);
  return definition === undefined ? null : described(definition);
}

/** The whole AI table, in the order of the GS1 General Specifications. */
export function gs1ApplicationIdentifiers(): Gs1ApplicationIdentifier[] {
  return [...AIS.values()].map(described);
}

// ---------------------------------------------------------------------------------------------------------------

const GS = '\u001d';

const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
/** Symbology identifiers that announce GS1 data (FNC1 in first position, or a GS1-only symbology). */
const GS1_SYMBOLOGIES: ReadonlySet<string> = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);
/** EAN-13 / UPC-A / UPC-E (]E0) and EAN-8 (]E4): the retail carriers of a GTIN. */
const EAN_SYMBOLOGIES: ReadonlySet<string> = new Set([']E0', ']E4']);
/** Interleaved 2 of 5; with 14 digits it is an ITF-14, which carries a GTIN. */
const ITF_SYMBOLOGIES: ReadonlySet<string> = new Set([']I0', ']I1']);

type Carrier = 'gs1' | 'ean' | 'itf' | 'other' | 'unknown';

function carrierOf(symbology: string | null): Carrier {
  if (symbology === null) return 'unknown';
  if (GS1_SYMBOLOGIES.has(symbology)) return 'gs1';
  if (EAN_SYMBOLOGIES.has(symbology)) return 'ean';
  if (ITF_SYMBOLOGIES.has(symbology)) return 'itf';
  return 'other';
}

/** Ways keyboard-wedge scanners spell the group separator. `~`, `^`, `{`, `[` and `\` are outside GS1's set. */
const SPELT_SEPARATORS = /<GS>|\{GS\}|\[GS\]|\\x1d|\\u001d|\^\]|~1/gi;

/** The characters each part of a value may hold: N digits, X CSET 82, Y CSET 39, Z CSET 64 (URI-safe base64). */
const CHARACTER_SETS = {
  N: /^\d*$/,
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[-0-9A-Z_a-z]*={0,2}$/,
} as const;

type PartType = keyof typeof CHARACTER_SETS;

/** Content checks of a part: a GS1 check digit, dates (`yymmd0` allows day 00), times, a minus sign. */
type Check = 'csum' | 'yymmd0' | 'yymmdd' | 'yyyymmdd' | 'hh' | 'mi' | 'ss' | 'hhmm' | 'hyphen';
const CHECKS: ReadonlySet<string> = new Set<Check>([
  'csum',
  'yymmd0',
  'yymmdd',
  'yyyymmdd',
  'hh',
  'mi',
  'ss',
  'hhmm',
  'hyphen',
]);
const DATE_CHECKS: ReadonlySet<Check> = new Set<Check>(['yymmd0', 'yymmdd', 'yyyymmdd', 'hh', 'mi', 'ss', 'hhmm']);

interface Part {
  readonly type: PartType;
  readonly minLength: number;
  readonly maxLength: number;
  readonly optional: boolean;
  readonly checks: readonly Check[];
  /** As GS1 writes it: `N6`, `X..20`, `[N4]`. */
  readonly format: string;
}

interface AiDefinition {
  readonly ai: string;
  readonly title: string;
  readonly parts: readonly Part[];
  readonly fixed: boolean;
  readonly minLength: number;
  readonly maxLength: number;
}

/**
 * The GS1 Application Identifiers: AI (or a range of AIs sharing a format), format and title. Format: parts
 * joined by `+`, each `N`/`X`/`Y`/`Z` with a fixed length (`N6`) or a maximum (`X..20`), `[…]` when it may
 * be left out, and its checks after commas (`csum` a GS1 check digit; `yymmd0` a date where day 00 means
 * the month's last day; `yymmdd`, `yyyymmdd` a real day; `hh`, `mi`, `ss`, `hhmm` a time; `hyphen` a minus).
 */
const TABLE: ReadonlyArray<readonly [ai: string, format: string, title: string]> = [
  ['00', 'N18,csum', 'shipping container code (SSCC)'],
  ['01', 'N14,csum', 'product code (GTIN)'],
  ['02', 'N14,csum', 'contained product code (GTIN)'],
  ['03', 'N14,csum', 'made-to-order product code (GTIN)'],
  ['10', 'X..20', 'batch number'],
  ['11', 'N6,yymmd0', 'production date'],
  ['12', 'N6,yymmd0', 'due date'],
  ['13', 'N6,yymmd0', 'packaging date'],
  ['15', 'N6,yymmd0', 'best-before date'],
  ['16', 'N6,yymmd0', 'sell-by date'],
  ['17', 'N6,yymmd0', 'expiry date'],
  ['20', 'N2', 'product variant'],
  ['21', 'X..20', 'serial number'],
  ['22', 'X..20', 'consumer product variant'],
  ['235', 'X..28', 'third-party serial extension (TPX)'],
  ['240', 'X..30', 'additional product code'],
  ['241', 'X..30', 'customer part number'],
  ['242', 'N..6', 'made-to-order variation number'],
  ['243', 'X..20', 'packaging component number'],
  ['250', 'X..30', 'secondary serial number'],
  ['251', 'X..30', 'reference to source entity'],
  ['253', 'N13,csum+[X..17]', 'document type identifier (GDTI)'],
  ['254', 'X..20', 'location extension (GLN)'],
  ['255', 'N13,csum+[N..12]', 'coupon code (GCN)'],
  ['30', 'N..8', 'count'],
  ...measures([
    ['310', 'net weight (kg)'],
    ['311', 'length (m)'],
    ['312', 'width (m)'],
    ['313', 'depth (m)'],
    ['314', 'area (m²)'],
    ['315', 'net volume (l)'],
    ['316', 'net volume (m³)'],
    ['320', 'net weight (lb)'],
    ['321', 'length (in)'],
    ['322', 'length (ft)'],
    ['323', 'length (yd)'],
    ['324', 'width (in)'],
    ['325', 'width (ft)'],
    ['326', 'width (yd)'],
    ['327', 'depth (in)'],
    ['328', 'depth (ft)'],
    ['329', 'depth (yd)'],
    ['330', 'logistic weight (kg)'],
    ['331', 'logistic length (m)'],
    ['332', 'logistic width (m)'],
    ['333', 'logistic depth (m)'],
    ['334', 'logistic area (m²)'],
    ['335', 'logistic volume (l)'],
    ['336', 'logistic volume (m³)'],
    ['337', 'kilograms per square metre'],
    ['340', 'logistic weight (lb)'],
    ['341', 'logistic length (in)'],
    ['342', 'logistic length (ft)'],
    ['343', 'logistic length (yd)'],
    ['344', 'logistic width (in)'],
    ['345', 'logistic width (ft)'],
    ['346', 'logistic width (yd)'],
    ['347', 'logistic depth (in)'],
    ['348', 'logistic depth (ft)'],
    ['349', 'logistic depth (yd)'],
    ['350', 'area (in²)'],
    ['351', 'area (ft²)'],
    ['352', 'area (yd²)'],
    ['353', 'logistic area (in²)'],
    ['354', 'logistic area (ft²)'],
    ['355', 'logistic area (yd²)'],
    ['356', 'net weight (troy oz)'],
    ['357', 'net volume (oz)'],
    ['360', 'net volume (qt)'],
    ['361', 'net volume (gal)'],
    ['362', 'logistic volume (qt)'],
    ['363', 'logistic volume (gal)'],
    ['364', 'net volume (in³)'],
    ['365', 'net volume (ft³)'],
    ['366', 'net volume (yd³)'],
    ['367', 'logistic volume (in³)'],
    ['368', 'logistic volume (ft³)'],
    ['369', 'logistic volume (yd³)'],
  ]),
  ['37', 'N..8', 'count of trade items'],
  ...range('3900', '3909', 'N..15', 'amount payable'),
  ...range('3910', '3919', 'N3+N..15', 'amount payable with its currency'),
  ...range('3920', '3929', 'N..15', 'price'),
  ...range('3930', '3939', 'N3+N..15', 'price with its currency'),
  ...range('3940', '3943', 'N4', 'percentage discount of a coupon'),
  ...range('3950', '3955', 'N6', 'price per unit of measure'),
  ['400', 'X..30', 'customer order number'],
  ['401', 'X..30', 'consignment number (GINC)'],
  ['402', 'N17,csum', 'shipment number (GSIN)'],
  ['403', 'X..30', 'routing code'],
  ['410', 'N13,csum', 'ship-to location (GLN)'],
  ['411', 'N13,csum', 'bill-to location (GLN)'],
  ['412', 'N13,csum', 'purchased-from location (GLN)'],
  ['413', 'N13,csum', 'ship-for location (GLN)'],
  ['414', 'N13,csum', 'physical location (GLN)'],
  ['415', 'N13,csum', 'invoicing party (GLN)'],
  ['416', 'N13,csum', 'production or service location (GLN)'],
  ['417', 'N13,csum', 'party (GLN)'],
  ['420', 'X..20', 'ship-to postal code'],
  ['421', 'N3+X..9', 'ship-to postal code with its country'],
  ['422', 'N3', 'country of origin'],
  ['423', 'N3+[N..12]', 'countries of initial processing'],
  ['424', 'N3', 'country of processing'],
  ['425', 'N3+[N..12]', 'countries of disassembly'],
  ['426', 'N3', 'country of the full process chain'],
  ['427', 'X..3', 'country subdivision of origin'],
  ['4300', 'X..35', 'ship-to company name'],
  ['4301', 'X..35', 'ship-to contact'],
  ['4302', 'X..70', 'ship-to address line 1'],
  ['4303', 'X..70', 'ship-to address line 2'],
  ['4304', 'X..70', 'ship-to suburb'],
  ['4305', 'X..70', 'ship-to locality'],
  ['4306', 'X..70', 'ship-to region'],
  ['4307', 'X2', 'ship-to country code'],
  ['4308', 'X..30', 'ship-to telephone number'],
  ['4309', 'N10+N10', 'ship-to geolocation'],
  ['4310', 'X..35', 'return-to company name'],
  ['4311', 'X..35', 'return-to contact'],
  ['4312', 'X..70', 'return-to address line 1'],
  ['4313', 'X..70', 'return-to address line 2'],
  ['4314', 'X..70', 'return-to suburb'],
  ['4315', 'X..70', 'return-to locality'],
  ['4316', 'X..70', 'return-to region'],
  ['4317', 'X2', 'return-to country code'],
  ['4318', 'X..20', 'return-to postal code'],
  ['4319', 'X..30', 'return-to telephone number'],
  ['4320', 'X..35', 'service code description'],
  ['4321', 'N1', 'dangerous goods flag'],
  ['4322', 'N1', 'authority to leave flag'],
  ['4323', 'N1', 'signature required flag'],
  ['4324', 'N6,yymmd0+N4,hhmm', 'not-before delivery date and time'],
  ['4325', 'N6,yymmd0+N4,hhmm', 'not-after delivery date and time'],
  ['4326', 'N6,yymmdd', 'release date'],
  ['4330', 'N6+[X1,hyphen]', 'maximum temperature (°F)'],
  ['4331', 'N6+[X1,hyphen]', 'maximum temperature (°C)'],
  ['4332', 'N6+[X1,hyphen]', 'minimum temperature (°F)'],
  ['4333', 'N6+[X1,hyphen]', 'minimum temperature (°C)'],
  ['7001', 'N13', 'NATO stock number'],
  ['7002', 'X..30', 'meat carcass classification'],
  ['7003', 'N6,yymmdd+N4,hhmm', 'expiry date and time'],
  ['7004', 'N..4', 'active potency'],
  ['7005', 'X..12', 'catch area'],
  ['7006', 'N6,yymmdd', 'first freeze date'],
  ['7007', 'N6,yymmdd+[N6,yymmdd]', 'harvest date'],
  ['7008', 'X..3', 'aquatic species'],
  ['7009', 'X..10', 'fishing gear type'],
  ['7010', 'X..2', 'production method'],
  ['7011', 'N6,yymmdd+[N4,hhmm]', 'test-by date'],
  ['7020', 'X..20', 'refurbishment lot'],
  ['7021', 'X..20', 'functional status'],
  ['7022', 'X..20', 'revision status'],
  ['7023', 'X..30', 'assembly identifier (GIAI)'],
  ...range('7030', '7039', 'N3+X..27', 'approval number of a processor'),
  ['7040', 'N1+X3', 'importer index (UIC with extension)'],
  ['7041', 'X..4', 'freight unit type'],
  ['710', 'X..20', 'national reimbursement number (Germany, PZN)'],
  ['711', 'X..20', 'national reimbursement number (France, CIP)'],
  ['712', 'X..20', 'national reimbursement number (Spain)'],
  ['713', 'X..20', 'national reimbursement number (Brazil)'],
  ['714', 'X..20', 'national reimbursement number (Portugal)'],
  ['715', 'X..20', 'national reimbursement number (United States, NDC)'],
  ['716', 'X..20', 'national reimbursement number (Italy, AIC)'],
  ...range('7230', '7239', 'X2+X..28', 'certification reference'),
  ['7240', 'X..20', 'protocol identifier'],
  ['7241', 'N2', 'AIDC media type'],
  ['7242', 'X..25', 'version control number'],
  ['7250', 'N8,yyyymmdd', 'date of birth'],
  ['7251', 'N8,yyyymmdd+N4,hhmm', 'date and time of birth'],
  ['7252', 'N1', 'biological sex'],
  ['7253', 'X..40', 'family name'],
  ['7254', 'X..40', 'given name'],
  ['7255', 'X..10', 'name suffix'],
  ['7256', 'X..90', 'full name'],
  ['7257', 'X..70', 'address of a person'],
  ['7258', 'X3', 'birth sequence'],
  ['7259', 'X..40', 'baby of family name'],
  ['8001', 'N4+N5+N3+N1+N1', 'roll dimensions'],
  ['8002', 'X..20', 'mobile telephone identifier'],
  ['8003', 'N1+N13,csum+[X..16]', 'returnable asset identifier (GRAI)'],
  ['8004', 'X..30', 'individual asset identifier (GIAI)'],
  ['8005', 'N6', 'price per unit'],
  ['8006', 'N14,csum+N4', 'component of a trade item (ITIP)'],
  ['8007', 'X..34', 'bank account (IBAN)'],
  ['8008', 'N6,yymmdd+N2,hh+[N2,mi]+[N2,ss]', 'production date and time'],
  ['8009', 'X..50', 'optically readable sensor indicator'],
  ['8010', 'Y..30', 'component identifier (CPID)'],
  ['8011', 'N..12', 'component identifier serial number'],
  ['8012', 'X..20', 'software version'],
  ['8013', 'X..25', 'model number (GMN)'],
  ['8014', 'X..25', 'medical device identifier (MUDI)'],
  ['8017', 'N18,csum', 'service relation number of a provider (GSRN)'],
  ['8018', 'N18,csum', 'service relation number of a recipient (GSRN)'],
  ['8019', 'N..10', 'service relation instance number'],
  ['8020', 'X..25', 'payment slip reference number'],
  ['8026', 'N14,csum+N4', 'contained component of a trade item (ITIP)'],
  ['8030', 'Z..90', 'digital signature'],
  ['8110', 'X..70', 'coupon code (North America)'],
  ['8111', 'N4', 'loyalty points of a coupon'],
  ['8112', 'X..70', 'paperless coupon code (North America)'],
  ['8200', 'X..70', 'extended packaging URL'],
  ['90', 'X..30', 'internal code'],
  ...range('91', '99', 'X..90', 'internal code'),
];

/** AIs sharing a format and a title: `from` to `to`, the same number of digits. */
function range(from: string, to: string, format: string, title: string): Array<readonly [string, string, string]> {
  const rows: Array<readonly [string, string, string]> = [];
  for (let ai = Number(from); ai <= Number(to); ai += 1)
    rows.push([String(ai).padStart(from.length, '0'), format, title]);
  return rows;
}

/** The measures 31nn–36nn: six digits, the fourth digit of the AI says how many of them are decimals (0–5). */
function measures(families: ReadonlyArray<readonly [string, string]>): Array<readonly [string, string, string]> {
  return families.flatMap(([family, title]) => range(`${family}0`, `${family}5`, 'N6', title));
}

/**
 * The first two digits of the predefined-length AIs, with the length of AI + value (GS1 General
 * Specifications, figure 7.8.5-2): these values are never followed by FNC1, and an AI of these families
 * missing from the table can still be skipped.
 */
const PREDEFINED_LENGTH: ReadonlyMap<string, number> = new Map([
  ['00', 20],
  ['01', 16],
  ['02', 16],
  ['03', 16],
  ['04', 18],
  ...['11', '12', '13', '14', '15', '16', '17', '18', '19'].map((prefix) => [prefix, 8] as const),
  ['20', 4],
  ...['31', '32', '33', '34', '35', '36'].map((prefix) => [prefix, 10] as const),
  ['41', 16],
]);

const PART = /^(\[?)([NXYZ])(\d+|\.\.\d+)((?:,[a-z0-9]+)*)(\]?)$/;

function parsePart(text: string): Part | null {
  const match = PART.exec(text);
  if (match === null || (match[1] === '[') !== (match[5] === ']')) return null;
  const [, open = '', type = 'X', length = '', modifiers = ''] = match;
  const checks = modifiers.split(',').filter((check) => check !== '');
  if (!checks.every((check) => CHECKS.has(check))) return null;
  const variable = length.startsWith('..');
  const maxLength = Number(variable ? length.slice(2) : length);
  return {
    type: type as PartType,
    minLength: variable ? 1 : maxLength,
    maxLength,
    optional: open === '[',
    checks: checks as Check[],
    format: `${open}${type}${length}${open === '[' ? ']' : ''}`,
  };
}

function definitionOf(ai: string, format: string, title: string): AiDefinition | null {
  const parts = format.split('+').map(parsePart);
  if (parts.some((part) => part === null)) return null;
  const valid = parts as Part[];
  return {
    ai,
    title,
    parts: valid,
    fixed: valid.every((part) => !part.optional && part.minLength === part.maxLength),
    minLength: valid.reduce((sum, part) => sum + (part.optional ? 0 : part.minLength), 0),
    maxLength: valid.reduce((sum, part) => sum + part.maxLength, 0),
  };
}

/** The table by AI. A row whose format cannot be read is left out (the table's test counts the AIs). */
const AIS: ReadonlyMap<string, AiDefinition> = new Map(
  TABLE.map(([ai, format, title]) => definitionOf(ai, format, title))
    .filter((definition): definition is AiDefinition => definition !== null)
    .map((definition) => [definition.ai, definition]),
);

function described(definition: AiDefinition): Gs1ApplicationIdentifier {
  const [first] = definition.parts;
  return {
    ai: definition.ai,
    title: definition.title,
    format: definition.parts.map((part) => part.format).join('+'),
    fixedLength: definition.fixed,
    minLength: definition.minLength,
    maxLength: definition.maxLength,
    fnc1Required: !PREDEFINED_LENGTH.has(definition.ai.slice(0, 2)),
    dataType: first?.checks.some((check) => DATE_CHECKS.has(check))
      ? 'date'
      : definition.parts.every((part) => part.type === 'N')
        ? 'numeric'
        : 'alphanumeric',
  };
}

/** A field as it was split from the input, not yet checked; or what stopped the splitting there. */
type Item = { readonly ai: string; readonly value: string } | Gs1Problem;

const isProblem = (item: Item): item is Gs1Problem => 'code' in item;
const isInvalid = (item: Gs1Problem) => item.code === 'INVALID_GS1';

function isEmpty(data: Gs1Data): boolean {
  return Object.keys(data).length === 1 && Object.keys(data.other).length === 0;
}

function gs1Scan({ data, problems }: Gs1Reading, raw: string): ScanReading {
  return { kind: 'gs1', gtin: data.gtin ?? null, data, problems, raw };
}

/** Trims and removes a leading AIM symbology identifier, remembering it. */
function unwrap(input: string): { body: string; symbology: string | null } {
  const trimmed = input.trim();
  const symbology = SYMBOLOGY_ID.exec(trimmed)?.[0] ?? null;
  return { body: symbology === null ? trimmed : trimmed.slice(symbology.length), symbology };
}

/** Spelt separators count only where no real GS occurs (see the module comment). */
function withSeparators(body: string): string {
  return body.includes(GS) ? body : body.replace(SPELT_SEPARATORS, GS);
}

function looksLikeGs1(body: string): boolean {
  const separated = withSeparators(body);
  if (/^\(\d{2,4}\)/.test(trimSeparators(separated))) return true;
  if (separated.includes(GS) && /^\d{2}/.test(trimSeparators(separated))) return true;
  const gtinElement = /^01(\d{14})/.exec(separated);
  if (gtinElement === null || !isValidGtin(gtinElement[1] ?? '')) return false;
  return separated.length === 16 || knownAiAt(separated, 16) !== null;
}

function readElementString(body: string, now: Date): Gs1Reading {
  const trimmed = trimSeparators(body);
  if (trimmed === '') return { data: { other: {} }, problems: [problem('The barcode is empty')] };
  if (trimmed.startsWith('(')) return toData(splitParenthesised(trimmed), now, false);
  return toData(splitPlain(trimSeparators(withSeparators(body))), now, true);
}

/** A GS before the first field (FNC1 in first position sent as GS) or after the last one carries nothing. */
function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === GS) start += 1;
  while (end > start && text[end - 1] === GS) end -= 1;
  return text.slice(start, end);
}

const shown = (text: string) => text.replaceAll(GS, ' ');

/** `(` AI `)` and a value up to the next `(` or GS. */
const PARENTHESISED = new RegExp(`\\((\\d{2,4})\\)([^(${GS}]*)`, 'y');

function splitParenthesised(text: string): Item[] {
  const element = new RegExp(PARENTHESISED);
  const items: Item[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    element.lastIndex = at;
    const match = element.exec(text);
    if (match === null) {
      items.push(
        problem(`The barcode is not a valid GS1 code near "${shown(text.slice(at, at + 10))}"`, { position: at }),
      );
      const next = text.indexOf('(', at + 1);
      if (next === -1) break;
      at = next;
      continue;
    }
    const ai = match[1] ?? '';
    const value = (match[2] ?? '').trim();
    items.push(AIS.has(ai) ? { ai, value } : unknownAi(`(${ai})${value}`, { ai, value }));
    at = element.lastIndex;
  }
  return items;
}

function splitPlain(text: string): Item[] {
  const items: Item[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    const separator = text.indexOf(GS, at);
    const fieldEnd = separator === -1 ? text.length : separator;
    const definition = knownAiAt(text, at);
    if (definition !== null) {
      const start = at + definition.ai.length;
      const end = definition.fixed ? start + definition.maxLength : fieldEnd;
      if (end > fieldEnd) {
        items.push(problem(`The ${definition.title} in the barcode is cut short`, { ai: definition.ai }));
        at = fieldEnd;
        continue;
      }
      items.push({ ai: definition.ai, value: text.slice(start, end) });
      at = end;
      continue;
    }
    // Not in the table: skipped by its predefined length, else to the next GS; text that is no AI stops here.
    const total = PREDEFINED_LENGTH.get(text.slice(at, at + 2));
    const end = total === undefined ? fieldEnd : at + total;
    const where = shown(text.slice(at, Math.min(end, fieldEnd, at + 20)));
    if (!/^\d\d/.test(text.slice(at, at + 2)) || end > fieldEnd) {
      items.push({ ...unknownAi(where, { position: at }), code: 'INVALID_GS1' });
    } else {
      items.push(unknownAi(where, { position: at }));
    }
    at = Math.min(end, fieldEnd);
  }
  return items;
}

function knownAiAt(text: string, at: number): AiDefinition | null {
  for (const length of [2, 3, 4]) {
    const code = text.slice(at, at + length);
    const definition = AIS.get(code);
    if (code.length === length && definition !== undefined) return definition;
  }
  return null;
}

/** GS1 Digital Link primary keys: the identifier a URI's path starts with, its qualifiers after it. */
const PRIMARY_KEYS: ReadonlySet<string> = new Set([
  '00',
  '01',
  '253',
  '255',
  '401',
  '402',
  '414',
  '415',
  '417',
  '8003',
  '8004',
  '8006',
  '8010',
  '8013',
  '8017',
  '8018',
]);

const WEB_ADDRESS = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;

/**
 * The fields of a GS1 Digital Link URI, path first, then the query; null when the input is no URI or its
 * path does not end in a primary key and its qualifiers (`/AI/value` pairs).
 */
function digitalLink(body: string): Item[] | null {
  const address = WEB_ADDRESS.exec(body);
  if (address === null) return null;
  const segments = (address[1] ?? '').split('/').filter((segment) => segment !== '');
  let start = segments.length;
  while (start >= 2 && AIS.has(segments[start - 2] ?? '')) start -= 2;
  while (start < segments.length && !PRIMARY_KEYS.has(segments[start] ?? '')) start += 2;
  if (start >= segments.length) return null;

  const items: Item[] = [];
  for (let at = start; at < segments.length; at += 2) {
    items.push(linkElement(segments[at] ?? '', segments[at + 1] ?? ''));
  }
  for (const attribute of (address[2] ?? '').split('&')) {
    const equals = attribute.indexOf('=');
    const key = equals === -1 ? attribute : attribute.slice(0, equals);
    // Keys that are not AIs (linkType, context…) are the resolver's business.
    if (!/^\d+$/.test(key)) continue;
    items.push(AIS.has(key) ? linkElement(key, attribute.slice(equals + 1)) : unknownAi(attribute, { ai: key }));
  }
  return items;
}

function linkElement(ai: string, encoded: string): Item {
  let value: string;
  try {
    value = decodeURIComponent(encoded);
  } catch {
    return problem(`The web address in the barcode cannot be read near "${encoded.slice(0, 20)}"`, { ai });
  }
  // A Digital Link may carry a GTIN-8, -12 or -13 as it is printed.
  if (ai === '01' && /^(\d{8}|\d{12,13})$/.test(value)) value = value.padStart(14, '0');
  return { ai, value };
}

/**
 * The valid fields as data; a field that breaks its AI's rules, or repeats one with another value, is a
 * problem, as are the places the splitting could not read — all in the order of the input.
 */
function toData(items: readonly Item[], now: Date, plainForm: boolean): Gs1Reading {
  const data: Gs1Data = { other: {} };
  const problems: Gs1Problem[] = [];
  const seen = new Map<string, string>();
  for (const item of items) {
    if (isProblem(item)) {
      problems.push(item);
      continue;
    }
    const { ai, value } = item;
    const definition = AIS.get(ai);
    if (definition === undefined) continue; // the splitting only passes on AIs of the table
    const invalid = checkValue(definition, value, now, plainForm);
    if (invalid !== null) {
      problems.push(invalid);
      continue;
    }
    const previous = seen.get(ai);
    if (previous !== undefined) {
      if (previous !== value) {
        problems.push(problem(`The barcode contains the ${definition.title} twice, with different values`, { ai }));
      }
      continue;
    }
    seen.set(ai, value);
    // The value was checked above, so its date exists.
    const date = () => isoDate(value, now) ?? value;
    switch (ai) {
      case '01':
        data.gtin = value;
        break;
      case '10':
        data.batch = value;
        break;
      case '11':
        data.productionDate = date();
        break;
      case '15':
        data.bestBefore = date();
        break;
      case '17':
        data.expiryDate = date();
        break;
      case '21':
        data.serial = value;
        break;
      case '30':
        data.count = Number.parseInt(value, 10);
        break;
      case '240':
        data.additionalId = value;
        break;
      default:
        data.other[ai] = value;
    }
  }
  if (problems.length > 0 && isEmpty(data) && !problems.some(isInvalid)) {
    // Nothing but fields the table lacks: no GS1 data anyone can use.
    problems.unshift(problem('The barcode is not a GS1 code we can read'));
  }
  return { data, problems };
}

/** Null when the value keeps its AI's rules, else the problem, named by the first part it breaks. */
function checkValue(definition: AiDefinition, value: string, now: Date, plainForm: boolean): Gs1Problem | null {
  const { title, parts } = definition;
  const details = { ai: definition.ai, value };
  if (value === '') return problem(`The ${title} in the barcode is empty`, details);
  if (!definition.fixed && value.length > definition.maxLength) {
    const hint = plainForm ? ' (the scanner may not be sending the separator between fields)' : '';
    return problem(`The ${title} in the barcode is longer than ${definition.maxLength} characters${hint}`, details);
  }
  const broken = (part: Part, reason: 'length' | 'characters' | 'content'): Gs1Problem => {
    if (part.checks.includes('csum')) return problem(`The ${title} in the barcode is not valid`, details);
    if (part.checks.some((check) => DATE_CHECKS.has(check))) {
      return problem(`The ${title} ${value} in the barcode is not a valid date`, details);
    }
    if (part.type === 'N') return problem(`The ${title} "${value}" in the barcode is not a valid number`, details);
    if (reason === 'length') return problem(`The ${title} "${value}" in the barcode is not valid`, details);
    return problem(`The ${title} "${value}" in the barcode contains characters that are not allowed`, details);
  };
  let at = 0;
  for (const part of parts) {
    const remaining = value.length - at;
    if (part.optional && remaining === 0) continue;
    const length = Math.min(remaining, part.maxLength);
    if (length < part.minLength) return broken(part, 'length');
    const piece = value.slice(at, at + length);
    if (!CHARACTER_SETS[part.type].test(piece)) return broken(part, 'characters');
    if (!part.checks.every((check) => passes(check, piece, now))) return broken(part, 'content');
    at += length;
  }
  const last = parts[parts.length - 1];
  return at < value.length && last !== undefined ? broken(last, 'length') : null;
}

function passes(check: Check, piece: string, now: Date): boolean {
  const number = (from: number, to: number) => Number(piece.slice(from, to));
  switch (check) {
    case 'csum':
      return isValidGs1Key(piece);
    case 'yymmd0':
      return isoDate(piece, now) !== null;
    case 'yymmdd':
      return piece.slice(4, 6) !== '00' && isoDate(piece, now) !== null;
    case 'yyyymmdd':
      return piece.slice(6, 8) !== '00' && calendarDate(number(0, 4), number(4, 6), number(6, 8)) !== null;
    case 'hh':
      return number(0, 2) < 24;
    case 'mi':
    case 'ss':
      return number(0, 2) < 60;
    case 'hhmm':
      return number(0, 2) < 24 && number(2, 4) < 60;
    case 'hyphen':
      return piece === '-';
  }
}

/** GS1 mod-10 check digit, the same for GTIN, SSCC and every other GS1 key. All zeros is never allocated. */
function isValidGs1Key(digits: string): boolean {
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  let weight = 3;
  for (let at = digits.length - 2; at >= 0; at -= 1) {
    sum += (digits.charCodeAt(at) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(digits.length - 1) - 48;
}

/** YYMMDD → YYYY-MM-DD, or null when the month or day does not exist. DD 00 is the month's last day. */
function isoDate(yymmdd: string, now: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = centuryWindow(Number(yymmdd.slice(0, 2)), now);
  return calendarDate(year, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/** The ISO date, or null when the month or day does not exist; day 0 is the month's last day. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day > lastDay) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day === 0 ? lastDay : day)}`;
}

/**
 * GS1 General Specifications, "Determination of century in dates": a two-digit year is placed from 49 years
 * before to 50 years after the current year. So in 2025, 75 is 2075 and 76 is 1976; in 2080, 30 is 2130.
 */
function centuryWindow(yy: number, now: Date): number {
  const current = now.getUTCFullYear();
  const century = current - (current % 100);
  const difference = yy - (current % 100);
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
