import { isoOf, parseIsoDay } from '../../../lib/dates';

/** An event written more than this after it happened is flagged as recorded late. */
export const RECORDED_LATE_AFTER_MS = 60_000;

/**
 * Whether an event was written more than a minute after its business time (a
 * receipt entered the next morning, a sale synced late). Written before it
 * happened is not late; an unreadable time is never flagged.
 */
export function isRecordedLate(occurredAt: string, recordedAt: string): boolean {
  const gap = Date.parse(recordedAt) - Date.parse(occurredAt);
  return Number.isFinite(gap) && gap > RECORDED_LATE_AFTER_MS;
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A day (YYYY-MM-DD) and a time of day (HH:MM or HH:MM:SS) on the browser's
 * clock, as the instant the server expects (ISO 8601 with an offset); null
 * when either is not a real day or time.
 */
export function localInstant(day: string, time: string): string | null {
  const date = parseIsoDay(day);
  const clock = TIME.exec(time);
  if (!date || !clock) return null;
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return new Date(date.year, date.month - 1, date.day, hours, minutes, seconds).toISOString();
}

/** The time of day of an instant on the browser's clock, as a time field shows it (HH:MM:SS). */
export function timeOfDay(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The calendar day of an instant on the browser's clock (YYYY-MM-DD). */
export function dayOf(at: Date): string {
  return isoOf(at.getFullYear(), at.getMonth() + 1, at.getDate());
}

/**
 * Whole days on the browser's clock, first to last inclusive, as the instants
 * a period report or a filter asks for: from the first day's midnight to the
 * last millisecond of the last day. Null when a day is missing or not real.
 */
export function wholeDays(first: string, last: string): { from: string; to: string } | null {
  const from = startOfDay(first);
  const to = endOfDay(last);
  return from && to ? { from, to } : null;
}

/** Midnight at the start of a day on the browser's clock, as an instant; null for no real day. */
export function startOfDay(day: string): string | null {
  const date = parseIsoDay(day);
  return date ? new Date(date.year, date.month - 1, date.day).toISOString() : null;
}

/** The last millisecond of a day on the browser's clock, as an instant; null for no real day. */
export function endOfDay(day: string): string | null {
  const date = parseIsoDay(day);
  return date ? new Date(new Date(date.year, date.month - 1, date.day + 1).getTime() - 1).toISOString() : null;
}

/** The first day of the month a day falls in (YYYY-MM-01). */
export function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** `stock-5b0f2c1e-…` as `stock-5b0f2c1e`: enough to tell streams apart in a table; the dialog shows it whole. */
export function shortStream(streamId: string): string {
  const match = /^([a-z]+(?:-[a-z]+)*)-([0-9a-f]{8})[0-9a-f-]{28}$/i.exec(streamId);
  return match ? `${match[1]}-${match[2]}` : streamId;
}
