import { useCallback } from 'react';
import { useIntl } from 'react-intl';

// Expiry and receipt dates are calendar days ("2027-03-31"), not instants: they
// are compared and formatted as such, never through the browser's time zone.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in the user's own calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return isoOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The year, month (1-12) and day of a YYYY-MM-DD text, or null when it is not a real date. */
export function parseIsoDay(iso: string): { year: number; month: number; day: number } | null {
  const match = ISO_DAY.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidIsoDay(iso: string): boolean {
  return parseIsoDay(iso) !== null;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Midnight UTC of the day, a stable instant to compute and format with (`timeZone: 'UTC'`). */
export function utcMidnight(iso: string): number {
  const day = parseIsoDay(iso.slice(0, 10));
  return day ? Date.UTC(day.year, day.month - 1, day.day) : Number.NaN;
}

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself, negative once past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((utcMidnight(date) - utcMidnight(today)) / DAY_MS);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(utcMidnight(iso) + days * DAY_MS);
  return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** A calendar day in the reader's language, e.g. "Mar 31, 2027" or "31 مارس 2027". */
export function useDayFormatter(): (iso: string) => string {
  const intl = useIntl();
  return useCallback(
    (iso: string) => {
      const at = utcMidnight(iso);
      return Number.isNaN(at)
        ? iso
        : intl.formatDate(at, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    },
    [intl],
  );
}

/** An instant (an event's time) with date and time, in the reader's language and time zone. */
export function useDateTimeFormatter(): (instant: string) => string {
  const intl = useIntl();
  return useCallback(
    (instant: string) => intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'short' }),
    [intl],
  );
}
