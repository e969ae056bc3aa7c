import type { AuditEventPage } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

/** The event types that have a sentence of their own; the others read as their name. */
const sentences = {
  PharmacyRegistered: { id: 'audit.event.PharmacyRegistered' },
  ProductRegistered: { id: 'audit.event.ProductRegistered' },
  BatchReceived: { id: 'audit.event.BatchReceived' },
  BatchCorrected: { id: 'audit.event.BatchCorrected' },
  StockAdjusted: { id: 'audit.event.StockAdjusted' },
  SaleCompleted: { id: 'audit.event.SaleCompleted' },
  StockDiscrepancyRaised: { id: 'audit.event.StockDiscrepancyRaised' },
  StockDiscrepancyResolved: { id: 'audit.event.StockDiscrepancyResolved' },
  SaleReturned: { id: 'audit.event.SaleReturned' },
  TransferStockReserved: { id: 'audit.event.TransferStockReserved' },
  TransferRequested: { id: 'audit.event.TransferRequested' },
  TransferApproved: { id: 'audit.event.TransferApproved' },
  TransferDispatched: { id: 'audit.event.TransferDispatched' },
  TransferReceived: { id: 'audit.event.TransferReceived' },
  TransferStockArrived: { id: 'audit.event.TransferStockArrived' },
  TransferCancelled: { id: 'audit.event.TransferCancelled' },
  TransferStockReleased: { id: 'audit.event.TransferStockReleased' },
  TransferStockReturned: { id: 'audit.event.TransferStockReturned' },
  BatchDiscountSet: { id: 'audit.event.BatchDiscountSet' },
  BatchDiscountEnded: { id: 'audit.event.BatchDiscountEnded' },
  BatchExpired: { id: 'audit.event.BatchExpired' },
  StockWrittenOff: { id: 'audit.event.StockWrittenOff' },
  StockCountStarted: { id: 'audit.event.StockCountStarted' },
  StockCounted: { id: 'audit.event.StockCounted' },
  StockCountPosted: { id: 'audit.event.StockCountPosted' },
  StockCountCancelled: { id: 'audit.event.StockCountCancelled' },
} as const satisfies Record<string, { id: MessageId }>;

const unknownProduct = { id: 'audit.event.unknownProduct' } as const satisfies { id: MessageId };
const unknownPharmacy = { id: 'audit.event.unknownPharmacy' } as const satisfies { id: MessageId };
const typeOnly = { id: 'audit.event.other' } as const satisfies { id: MessageId };

/** The facts naming a product or a pharmacy: the server leaves out a name it does not know. */
const names = {
  product: unknownProduct,
  pharmacy: unknownPharmacy,
  fromPharmacy: unknownPharmacy,
  toPharmacy: unknownPharmacy,
} as const;

/**
 * An event in plain words in the reader's language: its type's message worded
 * from the facts the server answers (counts and amounts as written, codes, names
 * in the language asked for). A type without a sentence reads as its name.
 */
export function eventSentence(
  intl: Pick<IntlShape, 'formatMessage'>,
  event: Pick<AuditEventPage['events'][number], 'type' | 'facts'>,
): string {
  if (!Object.hasOwn(sentences, event.type)) {
    const words = event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return intl.formatMessage(typeOnly, { type: event.type, words: words.charAt(0).toUpperCase() + words.slice(1) });
  }
  const values: Record<string, string> = { ...event.facts };
  for (const [fact, unknown] of Object.entries(names)) {
    if (!Object.hasOwn(values, fact)) values[fact] = intl.formatMessage(unknown);
  }
  return intl.formatMessage(sentences[event.type as keyof typeof sentences], values);
}
