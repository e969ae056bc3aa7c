/**
 * How a period of business days is read from monthly sums and daily rows
 * (issue 13): its months, a contiguous run, each read from one row per
 * product; and the days that correct them, added or taken away, each read
 * from one row per pharmacy and product. A month the period only partly
 * covers is read whichever way touches fewer days: its covered days added,
 * or the whole month with its other days taken away.
 *
 * Dates are `YYYY-MM-DD` business days; a missing end is open (the first or
 * the last day there is). Months are named by their first day.
 */
export interface MonthCover {
  /** The months read whole (from and to inclusive, `undefined` for open), or null for none. */
  months: { from: string | undefined; to: string | undefined } | null;
  /** Day ranges (inclusive) whose rows are added. */
  add: DayRange[];
  /** Day ranges (inclusive) whose rows are taken away: days of a month read whole that the period leaves out. */
  subtract: DayRange[];
}

export interface DayRange {
  from: string;
  to: string;
}

const DAY = 86_400_000;

const toTime = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number): string => new Date(time).toISOString().slice(0, 10);
const addDays = (date: string, days: number): string => toDate(toTime(date) + days * DAY);
const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;
/** The last day of the month `date` falls in. */
const monthEnd = (date: string): string => {
  const d = new Date(toTime(date));
  return toDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};
const nextMonth = (date: string): string => addDays(monthEnd(date), 1);
const previousMonth = (date: string): string => monthStart(addDays(monthStart(date), -1));
/** Days from `from` to `to`, both counted; 0 when `to` is before `from`. */
const span = (from: string, to: string): number => Math.max(0, (toTime(to) - toTime(from)) / DAY + 1);

/** The cover of a period with at least one end; `start` after `end` covers nothing. */
export function monthCover(start: string | undefined, end: string | undefined): MonthCover {
  if (start && end && start > end) return { months: null, add: [], subtract: [] };
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  // The months from the first to the last, before the edges decide whether they are read whole.
  let from = start ? monthStart(start) : undefined;
  let to = end ? monthStart(end) : undefined;

  if (start && end && from === to) {
    // One month: its covered days, or the month without the days on either side.
    const outside = span(from!, addDays(start, -1)) + span(addDays(end, 1), monthEnd(end));
    if (span(start, end) <= outside) return { months: null, add: [{ from: start, to: end }], subtract: [] };
    if (start > from!) subtract.push({ from: from!, to: addDays(start, -1) });
    if (end < monthEnd(end)) subtract.push({ from: addDays(end, 1), to: monthEnd(end) });
    return { months: { from, to }, add, subtract };
  }
  if (start && start > from!) {
    const covered = span(start, monthEnd(start));
    const left = span(from!, addDays(start, -1));
    if (covered <= left) {
      add.push({ from: start, to: monthEnd(start) });
      from = nextMonth(start);
    } else subtract.push({ from: from!, to: addDays(start, -1) });
  }
  if (end && end < monthEnd(end)) {
    const covered = span(to!, end);
    const left = span(addDays(end, 1), monthEnd(end));
    if (covered <= left) {
      add.push({ from: to!, to: end });
      to = previousMonth(end);
    } else subtract.push({ from: addDays(end, 1), to: monthEnd(end) });
  }
  const months = from === undefined || to === undefined || from <= to ? { from, to } : null;
  return { months, add, subtract };
}
