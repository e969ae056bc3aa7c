import type { AdjustmentReason } from '@pharmacy/contracts';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** How each reason for a stock adjustment reads. */
export const adjustmentReasonLabels: Record<AdjustmentReason, MessageDescriptor> = defineMessages({
  count_correction: { id: 'inventory.adjustmentReason.count_correction' },
  damaged: { id: 'inventory.adjustmentReason.damaged' },
  lost: { id: 'inventory.adjustmentReason.lost' },
  found: { id: 'inventory.adjustmentReason.found' },
  returned_to_supplier: { id: 'inventory.adjustmentReason.returned_to_supplier' },
});
