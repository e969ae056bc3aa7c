/** How long ago something happened, in the unit the specification shows it in. */
export type RelativeTime = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; value: number };

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/**
 * Specification §9: under a minute "Just now", then whole minutes, hours (under
 * 1440 minutes) and days. A time slightly ahead of this browser's clock (the
 * server's clock runs a little fast) also reads "Just now".
 */
export function relativeTimeOf(instant: string, now: number): RelativeTime {
  const minutes = Math.floor((now - Date.parse(instant)) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes < 1) return { unit: 'now' };
  if (minutes < MINUTES_PER_HOUR) return { unit: 'minute', value: minutes };
  if (minutes < MINUTES_PER_DAY) return { unit: 'hour', value: Math.floor(minutes / MINUTES_PER_HOUR) };
  return { unit: 'day', value: Math.floor(minutes / MINUTES_PER_DAY) };
}
