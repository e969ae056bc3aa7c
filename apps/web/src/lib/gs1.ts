import { daysInMonth, isoOf } from './dates';

/**
 * Reads what a pack scan carries for the batch dialog: the product code (AI 01),
 * the expiry date (AI 17) and the batch number (AI 10).
 *
 * Why on the client: the server's GS1 parser (libs/domain) is the authority, but
 * the browser may not import server code, and GET /api/products/search answers
 * with products only — not with the batch and expiry it read from the scan. So
 * the dialog sends the scan to the search (which finds the product, and refuses a
 * malformed code with a message for the user) and reads batch and expiry here.
 * If the search ever returns the parsed scan, this file can go.
 *
 * Accepted: the printed form `(01)…(17)…(10)…` and the scanner form where
 * variable-length values end with the group separator GS (U+001D), also when a
 * keyboard-wedge scanner spells it (`<GS>`, `{GS}`, `[GS]`, `\x1D`, `\u001D`, `^]`,
 * `~1`), with or without an AIM symbology identifier (`]d2`, `]C1`, `]Q3`...).
 * Anything this helper cannot read is simply not filled in: the user types it.
 */

export type PackScan =
  | { kind: 'gs1'; gtin: string | null; expiryDate: string | null; batch: string | null }
  | { kind: 'gtin'; gtin: string }
  | { kind: 'text'; text: string };

const GS = '\u001d';
const SPELT_SEPARATORS = /<GS>|\{GS\}|\[GS\]|\\x1d|\\u001d|\^\]|~1/gi;
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
const GS1_SYMBOLOGIES = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);

/** Fixed value lengths of the AIs found on medicine packs; every other known AI is variable (ends at GS). */
const FIXED: ReadonlyMap<string, number> = new Map([
  ['00', 18],
  ['01', 14],
  ['02', 14],
  ['11', 6],
  ['12', 6],
  ['13', 6],
  ['15', 6],
  ['16', 6],
  ['17', 6],
  ['20', 2],
  ['7003', 10],
]);
const VARIABLE = new Set([
  '10',
  '21',
  '22',
  '30',
  '37',
  '240',
  '241',
  '250',
  '710',
  '711',
  '712',
  '713',
  '714',
  '715',
  '716',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '96',
  '97',
  '98',
  '99',
]);

export function readPackScan(input: string, now: Date = new Date()): PackScan {
  let body = input.trim();
  const symbology = SYMBOLOGY_ID.exec(body)?.[0] ?? null;
  if (symbology) body = body.slice(symbology.length);
  body = trimSeparators(body.replace(SPELT_SEPARATORS, GS));
  if (body === '') return { kind: 'text', text: '' };

  if ((symbology !== null && GS1_SYMBOLOGIES.has(symbology)) || looksLikeElementString(body)) {
    const elements = body.startsWith('(') ? splitParenthesised(body) : splitPlain(body);
    const gtin = elements.get('01') ?? null;
    const expiry = elements.get('17');
    return {
      kind: 'gs1',
      gtin: gtin !== null && isValidGtin(gtin) ? gtin : null,
      expiryDate: expiry === undefined ? null : gs1Date(expiry, now),
      batch: elements.get('10') || null,
    };
  }
  if (isValidGtin(body)) return { kind: 'gtin', gtin: body };
  return { kind: 'text', text: body };
}

/** Whether a search box received a scanned code rather than words (the server then matches codes exactly). */
export function isScannedCode(input: string): boolean {
  return readPackScan(input).kind !== 'text';
}

function looksLikeElementString(body: string): boolean {
  if (/^\(\d{2,4}\)/.test(body)) return true;
  if (body.includes(GS) && /^\d{2}/.test(body)) return true;
  const gtin = /^01(\d{14})/.exec(body)?.[1];
  return gtin !== undefined && isValidGtin(gtin);
}

function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === GS) start += 1;
  while (end > start && text[end - 1] === GS) end -= 1;
  return text.slice(start, end);
}

function splitParenthesised(text: string): Map<string, string> {
  const elements = new Map<string, string>();
  for (const match of text.replaceAll(GS, '').matchAll(/\((\d{2,4})\)([^(]*)/g)) {
    if (!elements.has(match[1] ?? '')) elements.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return elements;
}

/** Without parentheses each value's length comes from its AI; an AI not in the tables ends the reading. */
function splitPlain(text: string): Map<string, string> {
  const elements = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    const ai = [2, 3, 4]
      .map((length) => text.slice(at, at + length))
      .find((code) => FIXED.has(code) || VARIABLE.has(code));
    if (ai === undefined) break;
    const start = at + ai.length;
    const fixed = FIXED.get(ai);
    const separator = text.indexOf(GS, start);
    const end = fixed !== undefined ? start + fixed : separator === -1 ? text.length : separator;
    if (end > text.length) break;
    if (!elements.has(ai)) elements.set(ai, text.slice(start, end));
    at = end;
  }
  return elements;
}

/** YYMMDD as YYYY-MM-DD; day 00 is the month's last day; null when the month or day does not exist. */
export function gs1Date(yymmdd: string, now: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = centuryWindow(Number(yymmdd.slice(0, 2)), now);
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const last = daysInMonth(year, month);
  if (day > last) return null;
  return isoOf(year, month, day === 0 ? last : day);
}

/** GS1's rule for two-digit years: from 49 years before to 50 years after the current year. */
function centuryWindow(yy: number, now: Date): number {
  const current = now.getUTCFullYear();
  const century = current - (current % 100);
  const difference = yy - (current % 100);
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

/** 8, 12, 13 or 14 digits with a correct GS1 check digit. */
export function isValidGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  let weight = 3;
  for (let at = digits.length - 2; at >= 0; at -= 1) {
    sum += Number(digits[at]) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}
