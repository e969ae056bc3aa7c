import type { SalesSummary, StockSummary } from '@pharmacy/contracts';
import { formatCents, toCents } from '@pharmacy/money';
import { addDays, daysBetween } from '../../../lib/dates';
import type { ReportWindow } from './report-period';

/** Longer periods are drawn month by month: a bar a day stops being readable beyond about three months. */
export const MAX_DAILY_BARS = 92;

export interface TrendPoint {
  /** YYYY-MM-DD (by day) or YYYY-MM (by month). */
  key: string;
  /** For the chart's scale; the text is kept for the tooltip, which shows it exactly. */
  revenue: number;
  revenueText: string;
  orders: number;
}

export interface SalesTrend {
  bucket: 'day' | 'month';
  points: TrendPoint[];
}

/** Amounts are decimal text and may be negative (a day with more refunds than sales). */
function cents(text: string): bigint {
  const trimmed = text.trim();
  return trimmed.startsWith('-') ? -toCents(trimmed.slice(1)) : toCents(trimmed);
}

function point(key: string, revenueCents: bigint, orders: number): TrendPoint {
  const revenueText = formatCents(revenueCents);
  return { key, revenue: Number(revenueText), revenueText, orders };
}

/**
 * Sales per day across the whole period, days without a sale included (as zero), so the bars keep
 * their place in time; a period longer than `MAX_DAILY_BARS` days is summed by month instead.
 * All time runs from the first day with a sale to `today`.
 */
export function salesTrend(perDay: SalesSummary['perDay'], window: ReportWindow, today: string): SalesTrend {
  const sorted = [...perDay].sort((a, b) => a.date.localeCompare(b.date));
  const first = window.startDate ?? sorted[0]?.date;
  const last = window.endDate ?? (sorted.at(-1) && sorted.at(-1)!.date > today ? sorted.at(-1)!.date : today);
  if (!first || last < first) return { bucket: 'day', points: [] };

  const byDay = new Map(sorted.map((day) => [day.date, day]));
  if (daysBetween(first, last) + 1 <= MAX_DAILY_BARS) {
    const points: TrendPoint[] = [];
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const found = byDay.get(day);
      points.push(point(day, found ? cents(found.revenue) : 0n, found?.orders ?? 0));
    }
    return { bucket: 'day', points };
  }

  const byMonth = new Map<string, { revenue: bigint; orders: number }>();
  for (const day of sorted) {
    const month = day.date.slice(0, 7);
    const sum = byMonth.get(month) ?? { revenue: 0n, orders: 0 };
    byMonth.set(month, { revenue: sum.revenue + cents(day.revenue), orders: sum.orders + day.orders });
  }
  return {
    bucket: 'month',
    points: monthsBetween(first.slice(0, 7), last.slice(0, 7)).map((month) => {
      const sum = byMonth.get(month);
      return point(month, sum?.revenue ?? 0n, sum?.orders ?? 0);
    }),
  };
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthAt = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** Every month from `first` to `last` (YYYY-MM), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let at = monthIndex(first); at <= monthIndex(last); at += 1) months.push(monthAt(at));
  return months;
}

export type ExposureTone = 'expired' | 'soon' | 'later';

export interface ExposurePoint {
  month: string;
  units: number;
  costValue: number;
  costValueText: string;
  tone: ExposureTone;
}

/**
 * Stock on hand by the month it expires: months already over are expired, this
 * month and the next expire soon (about the report's 30-day orange), later ones
 * are drawn plainly. Months without stock between the first and the last keep
 * their place as zero.
 */
export function expiryExposure(expiryByMonth: StockSummary['expiryByMonth'], today: string): ExposurePoint[] {
  if (expiryByMonth.length === 0) return [];
  const sorted = [...expiryByMonth].sort((a, b) => a.month.localeCompare(b.month));
  const byMonth = new Map(sorted.map((month) => [month.month, month]));
  const thisMonth = today.slice(0, 7);
  const nextMonth = monthAt(monthIndex(thisMonth) + 1);
  return monthsBetween(sorted[0]!.month, sorted.at(-1)!.month).map((month) => {
    const found = byMonth.get(month);
    const costValueText = found ? formatCents(toCents(found.costValue)) : '0.00';
    let tone: ExposureTone = 'later';
    if (month < thisMonth) tone = 'expired';
    else if (month <= nextMonth) tone = 'soon';
    return { month, units: found?.units ?? 0, costValue: Number(costValueText), costValueText, tone };
  });
}

/**
 * An axis label in at most `maxLines` lines of about `maxChars` characters,
 * broken between words; what does not fit ends with an ellipsis. Pharmacy names
 * share their first words ("Al-Shifa Pharmacy — Downtown", "... — Abdoun"), so
 * cutting them to one line would make them all look alike.
 */
export function wrapLabel(text: string, maxChars: number, maxLines = 2): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const kept = lines.slice(0, maxLines).map((line) => (line.length > maxChars ? clip(line, maxChars) : line));
  if (lines.length > maxLines) {
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = last.length >= maxChars ? clip(last, maxChars) : `${last}…`;
  }
  return kept;
}

const clip = (line: string, maxChars: number) => `${line.slice(0, maxChars - 1).trimEnd()}…`;
