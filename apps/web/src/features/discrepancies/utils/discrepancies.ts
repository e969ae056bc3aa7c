import type { DiscrepancyKind, StockDiscrepancy } from '@pharmacy/contracts';
import type { MessageId } from '../../../i18n/messages';

/** What each kind of discrepancy is called on screen. */
export const discrepancyKindLabels = {
  late_sale_shortfall: { id: 'discrepancies.kind.late_sale_shortfall' },
  stale_price: { id: 'discrepancies.kind.stale_price' },
} as const satisfies Record<DiscrepancyKind, { id: MessageId }>;

/**
 * How the screen names the sale: the till's offline number ("K7Q2-0003"), the
 * one printed on its receipt; the sale number (the last 8 characters of its id,
 * as receipts have it) for a sale without one.
 */
export function discrepancySaleNumber(discrepancy: Pick<StockDiscrepancy, 'offlineNumber' | 'saleId'>): string {
  return discrepancy.offlineNumber ?? discrepancy.saleId.slice(-8).toUpperCase();
}
