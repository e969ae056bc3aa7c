/**
 * The expiry date printed on a pack, found in the text OCR read off a photo.
 *
 * Packs print it in many ways ("EXP 08/2027", "Exp. date: 31.08.27",
 * "USE BY 2027-08", "EXP AUG 2027"), often next to the manufacturing date
 * ("MFG 01/2025"). The date is returned as printed, only cleaned up, so the
 * client applies the specification's normalisation (001 §5: day/month/year or
 * month/year with slashes, two-digit years 20YY, dashes zero-padded) and can
 * tell the user when the printed date is not a real day:
 * - letters OCR confuses with digits inside a date (O → 0, I/L/| → 1, S → 5, B → 8);
 * - dots and spaces between the parts become slashes ("08.2027" → "08/2027");
 * - a month name becomes its number ("AUG 2027" → "08/2027").
 *
 * A date labelled as the expiry wins; failing that, the latest date that is
 * not labelled as something else (manufacture, production): a pack expires
 * after it was made. Null when the text has no date.
 */
export function printedExpiry(ocrText: string): string | null {
  const text = ocrText.toUpperCase();
  const found = datesIn(text);
  if (found.length === 0) return null;
  const labelled = found.filter((d) => labelBefore(text, d.index) === 'expiry');
  if (labelled.length > 0) return labelled[0]!.printed;
  // Unlabelled, only an unmistakable date counts: not "12.50" (a price) or "10 20" (counts).
  const unlabelled = found.filter((d) => d.unmistakable && labelBefore(text, d.index) === null);
  if (unlabelled.length === 0) return null;
  return unlabelled.reduce((latest, d) => (d.sortKey > latest.sortKey ? d : latest)).printed;
}

interface FoundDate {
  index: number;
  printed: string;
  /** yyyymmdd for comparing candidates; an unknown day counts as the month's end. */
  sortKey: number;
  /** A slash or dash between the parts, a four-digit year or a month name. */
  unmistakable: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

// A digit, or a letter OCR reads instead of one.
const D = '[0-9OILSB|]';
// A part of a date: one to four such characters, at least one of them a real digit.
const part = (lengths: string) => `(?=${D}*[0-9])${D}{${lengths}}`;
const NUMERIC = new RegExp(
  `(?<![A-Z0-9])(${part('1,4')}) ?([/.\\-]| ) ?(${part('1,2')}|${part('4')})(?: ?\\2 ?(${part('4')}|${part('1,2')}))?(?![A-Z0-9])`,
  'g',
);
const NAMED = new RegExp(
  `(?<![A-Z])(?:(${D}{1,2})[\\s./-]?)?(${MONTHS.join('|')})[A-Z]*\\.?[\\s./-]?(${D}{4}|${D}{2})(?![0-9])`,
  'g',
);

const digits = (s: string) => s.replace(/O/g, '0').replace(/[IL|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');

/** A two-digit year is 20YY, as the client reads it. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const match of text.matchAll(NUMERIC)) {
    const [, a = '', separator = '', b = '', c] = match;
    const [first, second, third] = [digits(a), digits(b), c === undefined ? undefined : digits(c)];
    const date = numericDate(first, second, third, separator);
    if (!date) continue;
    const year = date.printed.split(/[/-]/).find((p) => p.length === 4);
    found.push({ index: match.index, ...date, unmistakable: separator === '/' || separator === '-' || !!year });
  }
  for (const match of text.matchAll(NAMED)) {
    const [, day, name = '', y = ''] = match;
    const month = MONTHS.indexOf(name) + 1;
    const year = digits(y);
    const printedMonth = String(month).padStart(2, '0');
    const printed = day ? `${digits(day).padStart(2, '0')}/${printedMonth}/${year}` : `${printedMonth}/${year}`;
    found.push({
      index: match.index,
      printed,
      sortKey: key(fullYear(year), month, day ? Number(digits(day)) : 31),
      unmistakable: true,
    });
  }
  return found.sort((x, y) => x.index - y.index);
}

function numericDate(
  a: string,
  b: string,
  c: string | undefined,
  separator: string,
): { printed: string; sortKey: number } | null {
  const slash = separator === '-' ? '-' : '/';
  if (c === undefined) {
    // Two parts: month/year ("08/27", "08/2027") or year-month ("2027-08").
    if (a.length === 4 && b.length <= 2) return { printed: `${a}${slash}${b}`, sortKey: key(Number(a), Number(b), 31) };
    if (a.length <= 2 && (b.length === 2 || b.length === 4) && Number(a) >= 1 && Number(a) <= 12) {
      return { printed: `${a}${slash}${b}`, sortKey: key(fullYear(b), Number(a), 31) };
    }
    return null;
  }
  // Three parts: year first ("2027-08-31") or day first ("31/08/2027", "31.08.27").
  if (a.length === 4) return { printed: `${a}${slash}${b}${slash}${c}`, sortKey: key(Number(a), Number(b), Number(c)) };
  if (a.length <= 2 && (c.length === 2 || c.length === 4))
    return { printed: `${a}${slash}${b}${slash}${c}`, sortKey: key(fullYear(c), Number(b), Number(a)) };
  return null;
}

const key = (year: number, month: number, day: number) => year * 10_000 + month * 100 + day;

const EXPIRY_LABEL =
  /(EXP(?:IRY|IRES|IRATION)?|USE\s*(?:BY|BEFORE)|BEST\s*BEFORE|BB|E\.?D)\b\.?\s*(?:DATE)?\s*[:.-]?\s*$/;
const OTHER_LABEL =
  /(MFG|MFD|MANUFACTURED|MANUFACTURE|MFG\.?\s*DATE|PROD(?:UCED|UCTION)?|DOM|PKD|PACKED|LOT|BATCH|B\.?\s*NO|REF)\b\.?\s*(?:DATE|NO\.?)?\s*[:.-]?\s*$/;

/** What the text just before a date (on its line, a few words back) says it is. */
function labelBefore(text: string, index: number): 'expiry' | 'other' | null {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(Math.max(lineStart, index - 24), index);
  if (EXPIRY_LABEL.test(before)) return 'expiry';
  if (OTHER_LABEL.test(before)) return 'other';
  return null;
}
