import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { VarianceReason } from './count-sheet';

export const varianceReasonLabels: Record<VarianceReason, MessageDescriptor> = defineMessages({
  miscount: { id: 'counts.reason.miscount' },
  damaged: { id: 'counts.reason.damaged' },
  expired: { id: 'counts.reason.expired' },
  theft: { id: 'counts.reason.theft' },
  found: { id: 'counts.reason.found' },
  supplier_error: { id: 'counts.reason.supplier_error' },
  other: { id: 'counts.reason.other' },
});
