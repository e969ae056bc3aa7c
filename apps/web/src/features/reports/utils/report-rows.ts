import type { CommissionRow } from '@pharmacy/contracts';
import { formatCents, toCents } from '@pharmacy/money';

/** Specification 001 §2, §9: a sale is shown as '#' and the last 8 characters of its id (upper case, as on receipts). */
export function transactionId(id: string): string {
  return `#${id.slice(-8).toUpperCase()}`;
}

/** Specification 001 §2: a batch as the last 8 characters of its id, or 'N/A' without one. */
export function batchIdOf(id: string | null | undefined, notAvailable: string): string {
  const trimmed = id?.trim() ?? '';
  return trimmed ? trimmed.slice(-8).toUpperCase() : notAvailable;
}

export type ExpiryTone = 'red' | 'orange' | 'muted';

/** Specification 001 §9: in reports, 7 days or fewer (and past) red, 30 or fewer orange, otherwise muted. */
export const REPORT_RED_DAYS = 7;
export const REPORT_ORANGE_DAYS = 30;

export function expiryTone(daysUntilExpiry: number): ExpiryTone {
  if (daysUntilExpiry <= REPORT_RED_DAYS) return 'red';
  if (daysUntilExpiry <= REPORT_ORANGE_DAYS) return 'orange';
  return 'muted';
}

export interface CommissionTotals {
  /** Decimal text with two places. */
  commission: string;
  sales: string;
}

/** What the listed commission lines add up to, counted in cents so none is lost to floating point. */
export function commissionTotals(rows: readonly CommissionRow[]): CommissionTotals {
  const sum = (pick: (row: CommissionRow) => string) => rows.reduce((total, row) => total + toCents(pick(row)), 0n);
  return {
    commission: formatCents(sum((row) => row.commissionAmount)),
    sales: formatCents(sum((row) => row.totalPrice)),
  };
}

/** A local date and time for a spreadsheet: "2026-03-01 14:05" in the user's own time zone. */
export function localDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
