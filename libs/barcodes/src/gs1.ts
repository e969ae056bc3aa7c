/**
 * What the pharmacy's scanners send, turned into something the catalogue can look up.
 *
 * Accepted input (surrounding whitespace and newlines are trimmed first):
 *
 * - A plain GTIN: EAN-8, UPC-A (12), EAN-13 or GTIN-14, digits only, with a valid GS1 check digit.
 *   UPC-E (the 6/8-digit short form) is not expanded: configure scanners to send it as UPC-A.
 * - A GS1 element string, in either of the two forms scanners and people produce:
 *   - with parentheses, as printed under the barcode: `(01)05012345678900(17)260331(10)AB12C(21)XYZ`.
 *     A value ends at the next `(` (GS1 allows `(` inside a value, but no medicine pack we know of uses it);
 *     spaces around a value are dropped, so `(01) 05012345678900 (17) 260331` typed from a pack also works;
 *   - without parentheses, as a 2D scanner sends it: AI digits followed by the value, with FNC1 sent as the
 *     ASCII group separator GS (U+001D) after each variable-length value.
 * - An optional AIM symbology identifier in front (`]` + letter + modifier) is always removed. `]d2`
 *   (GS1 DataMatrix), `]C1` (GS1-128), `]Q3` (GS1 QR), `]e0` (GS1 DataBar) and `]J1` (GS1 DotCode) mean
 *   "GS1 data follows"; any other identifier (`]E0` EAN-13, `]A0` Code 39…) is removed and the rest read as usual.
 * - The group separator may arrive as the real GS character or, from keyboard-wedge scanners, spelt as text:
 *   `<GS>`, `{GS}`, `[GS]` (any case), the escapes `\x1D` and `\u001D`, caret notation `^]`, or `~1`.
 *   All but `<GS>` use characters that can never occur in a GS1 value, so they cannot be confused with data.
 *   A GS at the very start or end, or two in a row, is ignored.
 *
 * Telling a GS1 element string from a plain number or a search term (see {@link parseScan}):
 * it is GS1 when it carries a GS1 symbology identifier, or starts with `(` + 2–4 digits + `)`, or starts with
 * two digits and contains a group separator, or is `01` + a valid 14-digit GTIN followed by nothing or by
 * another AI from the table below. Otherwise digits of GTIN length with a valid check digit are a GTIN, and
 * everything else — including digits with a wrong check digit, which may be an internal SKU — is text.
 *
 * Without parentheses the length of each value comes from the AI. GS1's rule is that a variable-length value
 * runs to the next GS or to the end of the input. We keep that rule: if a scanner drops the separators,
 * `10AB12C21XYZ` is batch `AB12C21XYZ`, not batch `AB12C` and serial `XYZ` — nothing in the data can tell
 * the two apart, and guessing would put a wrong batch on a recall report.
 *
 * This module runs in the browser as well as on the server, so it throws nothing and imports nothing: a
 * reading lists what it could not read as {@link Gs1Problem}s (the domain's `parseScan` / `parseGs1` turn the
 * first one into its `INVALID_GS1` error; the web fills in only what was read).
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
   * Every other AI, keyed by the AI, with the value exactly as encoded (validated, not converted) —
   * e.g. the national healthcare reimbursement numbers 710 (Germany, PZN) to 716 (Italy, AIC).
   */
  other: Record<string, string>;
}

/** Why (part of) a GS1 element string cannot be read. The message is meant for the user. */
export interface Gs1Problem {
  readonly code: 'INVALID_GS1';
  readonly message: string;
  readonly details: Record<string, unknown>;
}

/**
 * What could be read from a GS1 element string, and what not, in the order a strict reader meets it: a
 * problem splitting the string into fields comes first (the fields after it are lost), then the problems
 * of single fields, which are left out of `data`. No problems: the whole string was read.
 */
export interface Gs1Reading {
  data: Gs1Data;
  problems: Gs1Problem[];
}

export type ScanReading =
  | { kind: 'gtin'; /** normalised to 14 digits */ gtin: string; raw: string }
  | { kind: 'gs1'; gtin: string | null; data: Gs1Data; problems: Gs1Problem[]; raw: string }
  | { kind: 'text'; /** trimmed; a SKU or a search term */ text: string; raw: string };

const problem = (message: string, details: Record<string, unknown> = {}): Gs1Problem => ({
  code: 'INVALID_GS1',
  message,
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
 * The check digit is not verified here — pass a GTIN from {@link parseScan} or {@link normaliseGtin}.
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
 * Reads a GS1 element string (either form, with or without a symbology identifier): every field that is
 * valid, and a problem for each one that is not or when the input is not a GS1 element string at all.
 * `now` decides the century of two-digit years (GS1 sliding window: from 49 years before to 50 years after
 * the current year, in UTC).
 */
export function readGs1(input: string, now: Date = new Date()): Gs1Reading {
  return readElementString(unwrap(input).body, now);
}

/**
 * Classifies whatever a scanner or a person put into a barcode field or a search box (see the module
 * comment for the rules). Input that is unmistakably a GS1 element string is `gs1` even when malformed —
 * say, an expiry date of 261345 — with what was wrong in `problems`, so the user can be told why.
 */
export function readScan(input: string, now: Date = new Date()): ScanReading {
  const raw = input;
  const { body, symbology } = unwrap(input);
  if (body === '') return { kind: 'text', text: '', raw };

  if (looksLikeGs1(body, symbology)) {
    const { data, problems } = readElementString(body, now);
    return { kind: 'gs1', gtin: data.gtin ?? null, data, problems, raw };
  }
  const gtin = normaliseGtin(body);
  if (gtin !== null) return { kind: 'gtin', gtin, raw };
  return { kind: 'text', text: body, raw };
}

// ---------------------------------------------------------------------------------------------------------------

const GS = '\u001d';

/** Symbology identifiers that announce GS1 data (FNC1 in first position, or a GS1-only symbology). */
const GS1_SYMBOLOGIES: ReadonlySet<string> = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;

/** Ways keyboard-wedge scanners spell the group separator. `~`, `^`, `{`, `[` and `\` are outside GS1's set. */
const SPELT_SEPARATORS = /<GS>|\{GS\}|\[GS\]|\\x1d|\\u001d|\^\]|~1/gi;

/** GS1 AI encodable character set 82: the only characters a GS1 alphanumeric value may contain. */
const CHARACTER_SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

/** The longest value GS1 allows for any AI; used for AIs we do not know, in the parenthesised form. */
const LONGEST_VALUE = 90;

type Content = 'check-digit' | 'date' | 'digits' | 'text';

interface AiDefinition {
  /** How the field is named in messages to the user. */
  readonly label: string;
  readonly content: Content;
  /** False: exactly `length` characters. True: 1 to `length` characters, ended by GS or the end of input. */
  readonly variable: boolean;
  readonly length: number;
}

const fixed = (label: string, content: Content, length: number): AiDefinition => ({
  label,
  content,
  variable: false,
  length,
});
const variable = (label: string, content: Content, maxLength: number): AiDefinition => ({
  label,
  content,
  variable: true,
  length: maxLength,
});

/**
 * The AIs found on medicine and retail packs. Without parentheses an AI we do not know cannot be skipped
 * (its length is unknown), so this table is what the scanner form can read. No AI here is a prefix of another.
 */
const AIS: ReadonlyMap<string, AiDefinition> = new Map([
  ['00', fixed('shipping container code (SSCC)', 'check-digit', 18)],
  ['01', fixed('product code (GTIN)', 'check-digit', 14)],
  ['02', fixed('contained product code (GTIN)', 'check-digit', 14)],
  ['10', variable('batch number', 'text', 20)],
  ['11', fixed('production date', 'date', 6)],
  ['12', fixed('due date', 'date', 6)],
  ['13', fixed('packaging date', 'date', 6)],
  ['15', fixed('best-before date', 'date', 6)],
  ['16', fixed('sell-by date', 'date', 6)],
  ['17', fixed('expiry date', 'date', 6)],
  ['20', fixed('product variant', 'digits', 2)],
  ['21', variable('serial number', 'text', 20)],
  ['22', variable('consumer product variant', 'text', 20)],
  ['30', variable('count', 'digits', 8)],
  ['37', variable('count of trade items', 'digits', 8)],
  ['240', variable('additional product code', 'text', 30)],
  ['241', variable('customer part number', 'text', 30)],
  ['250', variable('secondary serial number', 'text', 30)],
  ['7003', fixed('expiry date and time', 'digits', 10)],
  ...['710', '711', '712', '713', '714', '715', '716'].map(
    (ai) => [ai, variable('national reimbursement number', 'text', 20)] as const,
  ),
  ['90', variable('internal code', 'text', 30)],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'].map(
    (ai) => [ai, variable('internal code', 'text', 90)] as const,
  ),
]);

interface Element {
  readonly ai: string;
  readonly value: string;
}

/** Trims and removes a leading AIM symbology identifier, remembering it. */
function unwrap(input: string): { body: string; symbology: string | null } {
  const trimmed = input.trim();
  const symbology = SYMBOLOGY_ID.exec(trimmed)?.[0] ?? null;
  return { body: symbology === null ? trimmed : trimmed.slice(symbology.length), symbology };
}

function looksLikeGs1(body: string, symbology: string | null): boolean {
  if (symbology !== null && GS1_SYMBOLOGIES.has(symbology)) return true;
  const separated = body.replace(SPELT_SEPARATORS, GS);
  if (/^\(\d{2,4}\)/.test(separated)) return true;
  if (separated.includes(GS) && /^\d{2}/.test(trimSeparators(separated))) return true;
  const gtinElement = /^01(\d{14})/.exec(separated);
  if (gtinElement === null || !isValidGtin(gtinElement[1] ?? '')) return false;
  return separated.length === 16 || knownAiAt(separated, 16) !== null;
}

function readElementString(body: string, now: Date): Gs1Reading {
  const text = trimSeparators(body.replace(SPELT_SEPARATORS, GS));
  if (text === '') return { data: { other: {} }, problems: [problem('The barcode is empty')] };
  const split = text.startsWith('(') ? splitParenthesised(text) : splitPlain(text);
  const { data, problems } = toData(split.elements, now, !text.startsWith('('));
  return { data, problems: split.problem === null ? problems : [split.problem, ...problems] };
}

/** The fields up to the end, or up to the first place the string cannot be split, and the problem there. */
interface Split {
  elements: Element[];
  problem: Gs1Problem | null;
}

/** A GS before the first field (FNC1 in first position sent as GS) or after the last one carries nothing. */
function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === GS) start += 1;
  while (end > start && text[end - 1] === GS) end -= 1;
  return text.slice(start, end);
}

function splitParenthesised(text: string): Split {
  const withoutSeparators = text.replaceAll(GS, '');
  const element = /\((\d{2,4})\)([^(]*)/y;
  const elements: Element[] = [];
  while (element.lastIndex < withoutSeparators.length) {
    const at = element.lastIndex;
    const match = element.exec(withoutSeparators);
    if (match === null) {
      return {
        elements,
        problem: problem(`The barcode is not a valid GS1 code near "${withoutSeparators.slice(at, at + 10)}"`),
      };
    }
    elements.push({ ai: match[1] ?? '', value: (match[2] ?? '').trim() });
  }
  return { elements, problem: null };
}

function splitPlain(text: string): Split {
  const elements: Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    const ai = knownAiAt(text, at);
    if (ai === null) {
      const where = text.slice(at, at + 10).replaceAll(GS, ' ');
      return {
        elements,
        problem: problem(`The barcode contains a field we do not recognise, at "${where}"`, { position: at }),
      };
    }
    const start = at + ai.code.length;
    let end: number;
    if (ai.definition.variable) {
      const separator = text.indexOf(GS, start);
      end = separator === -1 ? text.length : separator;
    } else {
      end = start + ai.definition.length;
      if (end > text.length || text.slice(start, end).includes(GS)) {
        return {
          elements,
          problem: problem(`The ${ai.definition.label} in the barcode is cut short`, { ai: ai.code }),
        };
      }
    }
    elements.push({ ai: ai.code, value: text.slice(start, end) });
    at = end;
  }
  return { elements, problem: null };
}

function knownAiAt(text: string, at: number): { code: string; definition: AiDefinition } | null {
  for (const length of [2, 3, 4]) {
    const code = text.slice(at, at + length);
    const definition = AIS.get(code);
    if (code.length === length && definition !== undefined) return { code, definition };
  }
  return null;
}

/** The valid fields as data; a field that breaks its AI's rules, or repeats one with another value, is a problem. */
function toData(elements: readonly Element[], now: Date, plainForm: boolean): Gs1Reading {
  const data: Gs1Data = { other: {} };
  const problems: Gs1Problem[] = [];
  const seen = new Map<string, string>();
  for (const { ai, value } of elements) {
    const definition = AIS.get(ai) ?? variable(`field (${ai})`, 'text', LONGEST_VALUE);
    const checked = checkValue(ai, value, definition, now, plainForm);
    if (typeof checked !== 'string') {
      problems.push(checked);
      continue;
    }
    const previous = seen.get(ai);
    if (previous !== undefined) {
      if (previous !== value) {
        problems.push(problem(`The barcode contains the ${definition.label} twice, with different values`, { ai }));
      }
      continue;
    }
    seen.set(ai, value);
    switch (ai) {
      case '01':
        data.gtin = checked;
        break;
      case '10':
        data.batch = checked;
        break;
      case '11':
        data.productionDate = checked;
        break;
      case '15':
        data.bestBefore = checked;
        break;
      case '17':
        data.expiryDate = checked;
        break;
      case '21':
        data.serial = checked;
        break;
      case '30':
        data.count = Number.parseInt(checked, 10);
        break;
      case '240':
        data.additionalId = checked;
        break;
      default:
        data.other[ai] = value;
    }
  }
  return { data, problems };
}

/** The value, with dates as ISO, or the problem when it breaks the AI's rules. */
function checkValue(
  ai: string,
  value: string,
  definition: AiDefinition,
  now: Date,
  plainForm: boolean,
): string | Gs1Problem {
  const { label, content, length } = definition;
  const details = { ai, value };
  if (value === '') return problem(`The ${label} in the barcode is empty`, details);
  if (definition.variable && value.length > length) {
    const hint = plainForm ? ' (the scanner may not be sending the separator between fields)' : '';
    return problem(`The ${label} in the barcode is longer than ${length} characters${hint}`, details);
  }
  switch (content) {
    case 'check-digit':
      if (value.length !== length || !/^\d+$/.test(value) || !isValidGs1Key(value)) {
        return problem(`The ${label} in the barcode is not valid`, details);
      }
      return value;
    case 'date': {
      const date = /^\d{6}$/.test(value) ? isoDate(value, now) : null;
      if (date === null) return problem(`The ${label} ${value} in the barcode is not a valid date`, details);
      return date;
    }
    case 'digits':
      if (!/^\d+$/.test(value) || (!definition.variable && value.length !== length)) {
        return problem(`The ${label} "${value}" in the barcode is not a valid number`, details);
      }
      return value;
    case 'text':
      if (!CHARACTER_SET_82.test(value)) {
        return problem(`The ${label} "${value}" in the barcode contains characters that are not allowed`, details);
      }
      return value;
  }
}

/** GS1 mod-10 check digit, the same for GTIN, SSCC and every other GS1 key. All zeros is never allocated. */
function isValidGs1Key(digits: string): boolean {
  if (/^0+$/.test(digits)) return false;
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
  const year = centuryWindow(Number(yymmdd.slice(0, 2)), now);
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day > lastDay) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day === 0 ? lastDay : day)}`;
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
