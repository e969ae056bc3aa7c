import type { ShortageItem } from '@pharmacy/contracts';

/** Specification 001 §9: a deficit above 50 is the most severe, above 20 medium. */
export const DEFICIT_HIGH = 50;
export const DEFICIT_MEDIUM = 20;

export type DeficitSeverity = 'high' | 'medium' | 'low';

/** Specification 001 §4: how strongly a deficit is coloured. */
export function deficitSeverity(deficit: number): DeficitSeverity {
  if (deficit > DEFICIT_HIGH) return 'high';
  if (deficit > DEFICIT_MEDIUM) return 'medium';
  return 'low';
}

/** Specification 001 §4: nothing left at all is critical. */
export function isCritical(item: Pick<ShortageItem, 'currentStock'>): boolean {
  return item.currentStock <= 0;
}

/**
 * The transfer that would close a shortage, as far as its suggested source can
 * spare: from the source to the short pharmacy. Null without a source.
 */
export function suggestedTransfer(
  item: ShortageItem,
): { from: string; to: string; product: string; quantity: number } | null {
  if (!item.suggestedSourceId || item.suggestedSourceStock <= 0) return null;
  return {
    from: item.suggestedSourceId,
    to: item.pharmacyId,
    product: item.productId,
    quantity: Math.max(1, Math.min(item.deficit, item.suggestedSourceStock)),
  };
}
