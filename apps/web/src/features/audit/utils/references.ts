import type { IntlShape } from 'react-intl';
import { adjustmentReasonLabels } from '../../../lib/adjustment-reasons';
import type { MessageId } from '../../../i18n/messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const writeOffReasons: Readonly<Record<string, { id: MessageId }>> = {
  expired: { id: 'audit.writeOffReason.expired' },
  damaged: { id: 'audit.writeOffReason.damaged' },
  recalled: { id: 'audit.writeOffReason.recalled' },
  other: { id: 'audit.writeOffReason.other' },
};

/** Sales, transfers and counts are named on every screen by the last 8 characters of their id. */
export function documentNumber(id: string): string {
  return id.slice(-8).toUpperCase();
}

/**
 * What a movement's reference means, in words: the sale, transfer or count it
 * belongs to, the reason of an adjustment or write-off, a discount's rate.
 * Anything else shows as it came.
 */
export function referenceText(
  intl: Pick<IntlShape, 'formatMessage' | 'formatNumber'>,
  movement: string,
  reference: string | null,
): string {
  if (reference === null || reference === '') return '';
  if (UUID.test(reference)) {
    const number = documentNumber(reference);
    switch (movement) {
      case 'sold':
      case 'returned':
        return intl.formatMessage({ id: 'audit.reference.sale' }, { number });
      case 'counted':
        return intl.formatMessage({ id: 'audit.reference.count' }, { number });
      case 'reserved':
      case 'released':
      case 'dispatched':
      case 'transfer_returned':
      case 'transfer_received':
        return intl.formatMessage({ id: 'audit.reference.transfer' }, { number });
      default:
        return `#${number}`;
    }
  }
  if (movement === 'adjusted' && Object.hasOwn(adjustmentReasonLabels, reference)) {
    return intl.formatMessage(adjustmentReasonLabels[reference as keyof typeof adjustmentReasonLabels]);
  }
  if (movement === 'written_off' && Object.hasOwn(writeOffReasons, reference)) {
    return intl.formatMessage(writeOffReasons[reference]!);
  }
  if (movement === 'discounted' && Number.isFinite(Number(reference))) {
    return intl.formatNumber(Number(reference) / 100, { style: 'percent', maximumFractionDigits: 2 });
  }
  return reference;
}
