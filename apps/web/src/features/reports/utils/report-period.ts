import type { InventorySort } from '@pharmacy/contracts';
import { addDays, isValidIsoDay } from '../../../lib/dates';

/** Specification 001 §2: the four reports. */
export const reportTypes = ['sales', 'inventory', 'expiry', 'commission'] as const;
export type ReportType = (typeof reportTypes)[number];

/** Specification 001 §2 and §7: the four date ranges, and a period of the user's choosing. */
export const reportRanges = ['today', 'last7', 'last30', 'all', 'custom'] as const;
export type ReportRange = (typeof reportRanges)[number];

export const DEFAULT_REPORT_TYPE: ReportType = 'sales';
export const DEFAULT_REPORT_RANGE: ReportRange = 'last30';

/** Specification 001 §7, §9: the sales list of a report asks for 100 sales at a time (a page of the table). */
export const SALES_REPORT_LIMIT = 100;

/** At most this many sales go into a Sales report's CSV (the first of the table's order): years of a chain would not fit. */
export const SALES_EXPORT_LIMIT = 10_000;

/** The Inventory report lists the batches by product (the server's order: name, then the batch). */
export const INVENTORY_REPORT_SORT = 'product' as const satisfies InventorySort;

/**
 * The Expiry report lists batches expiring within this many days (and expired ones):
 * the widest window Expiry Management offers (specification 001 §9).
 */
export const EXPIRY_REPORT_DAYS = 90;

/** The business days a report covers, both included; none given: all time. YYYY-MM-DD. */
export interface ReportWindow {
  startDate?: string;
  endDate?: string;
}

/** What the address says (`/reports?type=&range=&from=&to=&pharmacy=`), after validation. */
export interface ReportSelection {
  type: ReportType;
  range: ReportRange;
  /** The custom period's first and last day (YYYY-MM-DD); only used with the custom range. */
  from?: string | undefined;
  to?: string | undefined;
  /** One pharmacy, or all those the user may see. */
  pharmacyId: string | null;
}

export type ResolvedWindow = { ok: true; window: ReportWindow } | { ok: false; problem: 'reversed' };

/**
 * Specification 001 §7, "Report date windows": Today sends the same day for
 * startDate and endDate; Last 7 days goes 7 days back; Last 30 days goes 30
 * days back; All time omits both. A custom period sends its two days, and is
 * refused when it ends before it starts (the server would answer 400).
 */
export function resolveReportWindow(
  range: ReportRange,
  today: string,
  custom: { from?: string | undefined; to?: string | undefined } = {},
): ResolvedWindow {
  switch (range) {
    case 'today':
      return { ok: true, window: { startDate: today, endDate: today } };
    case 'last7':
      return { ok: true, window: { startDate: addDays(today, -7), endDate: today } };
    case 'last30':
      return { ok: true, window: { startDate: addDays(today, -30), endDate: today } };
    case 'all':
      return { ok: true, window: {} };
    case 'custom': {
      const { startDate, endDate } = customDefaults(today, custom);
      if (endDate < startDate) return { ok: false, problem: 'reversed' };
      return { ok: true, window: { startDate, endDate } };
    }
    default: {
      const unknown: never = range;
      throw new Error(`Unknown report range ${String(unknown)}`);
    }
  }
}

/**
 * The custom period's two days; a missing (or malformed) one is taken from the
 * last 30 days, which is also what the date fields start with.
 */
export function customDefaults(
  today: string,
  { from, to }: { from?: string | undefined; to?: string | undefined },
): { startDate: string; endDate: string } {
  const endDate = to && isValidIsoDay(to) ? to : today;
  const startDate = from && isValidIsoDay(from) ? from : addDays(endDate, -30);
  return { startDate, endDate };
}

/** The date range applies to sales and commissions; stock is reported as it is now. */
export function usesPeriod(type: ReportType): boolean {
  return type === 'sales' || type === 'commission';
}
