import { daysBetween } from '../../../lib/dates';

// Specification 001 §4: a batch's status is derived from its expiry date (nothing
// is stored). A batch is usable through its expiry day, so it is expired from the
// day after: 0 days left means "expires today", not "expired".

/** Specification 001 §9: the batch views' thresholds. */
export const CRITICAL_DAYS = 7;
export const SOON_DAYS = 30;
export const EXPIRING_DAYS = 60;

/** Batch Management: Expired, Expires Soon (30 days), Expiring (60 days), Good. */
export type BatchStatus = 'expired' | 'expiresSoon' | 'expiring' | 'good';

/** Expiry Tracking adds Critical (7 days). */
export const trackingStatuses = ['expired', 'critical', 'expiresSoon', 'expiring', 'good'] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

export function batchStatus(expiryDate: string, today: string): BatchStatus {
  const days = daysBetween(today, expiryDate);
  if (days < 0) return 'expired';
  if (days <= SOON_DAYS) return 'expiresSoon';
  if (days <= EXPIRING_DAYS) return 'expiring';
  return 'good';
}

export function trackingStatus(expiryDate: string, today: string): TrackingStatus {
  const days = daysBetween(today, expiryDate);
  if (days < 0) return 'expired';
  if (days <= CRITICAL_DAYS) return 'critical';
  if (days <= SOON_DAYS) return 'expiresSoon';
  if (days <= EXPIRING_DAYS) return 'expiring';
  return 'good';
}
