import { daysInMonth, isoOf } from '../../../lib/dates';

/**
 * An expiry date as photo recognition read it off a pack, made into YYYY-MM-DD
 * (specification 001 §5):
 * - slashes are day/month/year, or month/year — which means the last day of
 *   that month (how packs print "EXP 03/27");
 * - a two-digit year is 20YY;
 * - dashes are year-month-day (or day-month-year with the year last), padded
 *   with zeros; year-month is again the month's last day.
 * Anything else, or a day that does not exist, is left for the user to enter.
 */
export type PhotoExpiry =
  | { kind: 'date'; date: string }
  /** Nothing was read: "No Expiry Date Found". */
  | { kind: 'missing' }
  /** Read, but no such day (31/02/2027, month 13): "Invalid Date". */
  | { kind: 'invalid'; text: string }
  /** Not a format we know: "Date Format Issue". */
  | { kind: 'unreadable'; text: string };

const year = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

function build(y: number, m: number, d: number | 'last', text: string): PhotoExpiry {
  if (m < 1 || m > 12 || y < 1900) return { kind: 'invalid', text };
  const last = daysInMonth(y, m);
  const day = d === 'last' ? last : d;
  if (day < 1 || day > last) return { kind: 'invalid', text };
  return { kind: 'date', date: isoOf(y, m, day) };
}

export function normalisePhotoExpiry(raw: string | null | undefined): PhotoExpiry {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'missing' };
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(text);
  if (match) return build(year(match[3] ?? ''), Number(match[2]), Number(match[1]), text);
  match = /^(\d{1,2})\/(\d{4}|\d{2})$/.exec(text);
  if (match) return build(year(match[2] ?? ''), Number(match[1]), 'last', text);
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return build(Number(match[1]), Number(match[2]), Number(match[3]), text);
  match = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (match) return build(Number(match[1]), Number(match[2]), 'last', text);
  match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (match) return build(Number(match[3]), Number(match[2]), Number(match[1]), text);
  return { kind: 'unreadable', text };
}
