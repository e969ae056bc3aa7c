import type { ExpiryStatus } from '@pharmacy/contracts';
import type { TrackingStatus } from './batch-status';

/** The server's name of each Expiry Tracking status (its `status` filter and the summary's `units`). */
export const serverStatus: Record<TrackingStatus, ExpiryStatus> = {
  expired: 'expired',
  critical: 'critical',
  expiresSoon: 'soon',
  expiring: 'expiring',
  good: 'good',
};

/** The last 8 characters of the product id, upper-case (specification 001 §9). */
export function shortProductId(productId: string): string {
  return productId.slice(-8).toUpperCase();
}
