import type { ExpiringBatch } from '@pharmacy/contracts';

/** Specification 001 §7, §9: the windows the screen offers (days ahead), 30 by default. */
export const EXPIRY_WINDOWS = [7, 14, 30, 60, 90] as const;
export type ExpiryWindow = (typeof EXPIRY_WINDOWS)[number];
export const DEFAULT_EXPIRY_WINDOW: ExpiryWindow = 30;

/** Specification 001 §9: status thresholds of the expiry management screen. */
export const CRITICAL_DAYS = 7;
export const HIGH_PRIORITY_DAYS = 14;

export type ExpiryStatus = 'expired' | 'critical' | 'high' | 'monitor';

/** Specification 001 §4: 0 or less Expired; 1 to 7 Critical; 8 to 14 High Priority; above 14 Monitor. */
export function expiryStatus(daysLeft: number): ExpiryStatus {
  if (daysLeft <= 0) return 'expired';
  if (daysLeft <= CRITICAL_DAYS) return 'critical';
  if (daysLeft <= HIGH_PRIORITY_DAYS) return 'high';
  return 'monitor';
}

/**
 * Whether the server still sells, discounts and transfers the batch: it refuses
 * them (BATCH_EXPIRED) only once the expiry date has passed, so a batch on its
 * last day is shown Expired (§4) yet can still be discounted or moved.
 */
export function isPastExpiry(batch: Pick<ExpiringBatch, 'daysToExpiry'>): boolean {
  return batch.daysToExpiry < 0;
}

/** Specification 001 §9: the product identifier shown as SKU, the last 8 characters upper-case. */
export function shortSku(productId: string): string {
  return productId.slice(-8).toUpperCase();
}

/** A discount as the server sends it ("25.00") to a number (25), or null when there is none. */
export function discountPercentOf(batch: Pick<ExpiringBatch, 'discountPercentage'>): number | null {
  if (batch.discountPercentage === null) return null;
  const value = Number(batch.discountPercentage);
  return Number.isFinite(value) && value > 0 ? value : null;
}
