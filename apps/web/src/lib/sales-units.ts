import type { SalesUnit } from '@pharmacy/contracts';
import type { MessageId } from '../i18n/messages';

/** The name of each sales unit (specification 001 §9), for selects, exports and history. */
export const salesUnitLabels = {
  whole: { id: 'salesUnit.whole' },
  sachet: { id: 'salesUnit.sachet' },
  pill: { id: 'salesUnit.pill' },
  blister: { id: 'salesUnit.blister' },
} as const satisfies Record<SalesUnit, { id: MessageId }>;
