import type { InventoryBatch } from '@pharmacy/contracts';
import { daysBetween } from '../../../lib/dates';
import { sortForExpiryTracking, trackingStatus, type TrackingStatus } from './batch-status';

/** Specification 001 §9: the urgent banner shows at most 5 badges. */
export const URGENT_BADGE_LIMIT = 5;

export interface TrackingRow {
  batch: InventoryBatch;
  status: TrackingStatus;
  /** Negative once expired. */
  days: number;
}

/** Specification 001 §4: batches still holding units, most urgent first. */
export function trackingRows(batches: readonly InventoryBatch[], today: string): TrackingRow[] {
  return sortForExpiryTracking(
    batches.filter((batch) => batch.quantity > 0),
    today,
  ).map((batch) => ({
    batch,
    status: trackingStatus(batch.expiryDate, today),
    days: daysBetween(today, batch.expiryDate),
  }));
}

/** Units per status, for the five summary cards. */
export function unitsByStatus(rows: readonly TrackingRow[]): Record<TrackingStatus, number> {
  const totals: Record<TrackingStatus, number> = { expired: 0, critical: 0, expiresSoon: 0, expiring: 0, good: 0 };
  for (const row of rows) totals[row.status] += row.batch.quantity;
  return totals;
}

/** The expired and critical batches the urgent banner names (already in urgency order). */
export function urgentRows(rows: readonly TrackingRow[]): TrackingRow[] {
  return rows.filter((row) => row.status === 'expired' || row.status === 'critical').slice(0, URGENT_BADGE_LIMIT);
}

/** The last 8 characters of the product id, upper-case (specification 001 §9). */
export function shortProductId(productId: string): string {
  return productId.slice(-8).toUpperCase();
}
