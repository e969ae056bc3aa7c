/** Today's calendar date (YYYY-MM-DD) in a time zone: expiry dates are calendar dates at the pharmacy. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
