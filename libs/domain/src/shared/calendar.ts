/** Today's calendar date (YYYY-MM-DD) in a time zone: expiry dates are calendar dates at the pharmacy. */
export function todayIn(timeZone: string, now = new Date()): string {
  return calendarDateFormat(timeZone).format(now);
}

/** Building an Intl formatter costs far more than using one: one per time zone, kept. */
const calendarDateFormats = new Map<string, Intl.DateTimeFormat>();

function calendarDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = calendarDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarDateFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDaysIso(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
