import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

/**
 * Every event type of the log (docs/events.md), grouped by what it concerns,
 * for the event browser's type filter. The server accepts any type name; these
 * are the ones this version of the app can name.
 */
export const eventTypeGroups = [
  {
    label: { id: 'audit.eventGroup.stock' },
    types: [
      'BatchReceived',
      'BatchCorrected',
      'StockAdjusted',
      'BatchDiscountSet',
      'BatchDiscountEnded',
      'BatchExpired',
      'StockWrittenOff',
      'ProductWithdrawn',
      'ProductReinstated',
    ],
  },
  {
    label: { id: 'audit.eventGroup.sales' },
    types: ['SaleCompleted', 'SaleReturned', 'StockDiscrepancyRaised', 'StockDiscrepancyResolved'],
  },
  {
    label: { id: 'audit.eventGroup.transfers' },
    types: [
      'TransferRequested',
      'TransferStockReserved',
      'TransferApproved',
      'TransferDispatched',
      'TransferReceived',
      'TransferStockArrived',
      'TransferCancelled',
      'TransferStockReleased',
      'TransferStockReturned',
    ],
  },
  {
    label: { id: 'audit.eventGroup.counts' },
    types: ['StockCountStarted', 'StockCounted', 'StockCountPosted', 'StockCountCancelled'],
  },
  {
    label: { id: 'audit.eventGroup.catalogue' },
    types: [
      'ProductRegistered',
      'ProductDetailsChanged',
      'ProductPriceChanged',
      'ProductCommissionChanged',
      'ProductActivated',
      'ProductDeactivated',
      'ProductDeleted',
      'CategoryCreated',
      'CategoryDetailsChanged',
      'CategoryDeleted',
      'SupplierRegistered',
      'SupplierDetailsChanged',
      'SupplierDeleted',
      'UniqueValueClaimed',
      'UniqueValueReleased',
    ],
  },
  {
    label: { id: 'audit.eventGroup.pharmacies' },
    types: ['PharmacyRegistered', 'PharmacyDetailsChanged', 'PharmacyDeleted'],
  },
] as const satisfies ReadonlyArray<{ label: { id: MessageId }; types: readonly string[] }>;

export type KnownEventType = (typeof eventTypeGroups)[number]['types'][number];

const labels = {
  BatchReceived: { id: 'audit.eventType.BatchReceived' },
  BatchCorrected: { id: 'audit.eventType.BatchCorrected' },
  StockAdjusted: { id: 'audit.eventType.StockAdjusted' },
  BatchDiscountSet: { id: 'audit.eventType.BatchDiscountSet' },
  BatchDiscountEnded: { id: 'audit.eventType.BatchDiscountEnded' },
  BatchExpired: { id: 'audit.eventType.BatchExpired' },
  StockWrittenOff: { id: 'audit.eventType.StockWrittenOff' },
  ProductWithdrawn: { id: 'audit.eventType.ProductWithdrawn' },
  ProductReinstated: { id: 'audit.eventType.ProductReinstated' },
  SaleCompleted: { id: 'audit.eventType.SaleCompleted' },
  SaleReturned: { id: 'audit.eventType.SaleReturned' },
  StockDiscrepancyRaised: { id: 'audit.eventType.StockDiscrepancyRaised' },
  StockDiscrepancyResolved: { id: 'audit.eventType.StockDiscrepancyResolved' },
  TransferRequested: { id: 'audit.eventType.TransferRequested' },
  TransferStockReserved: { id: 'audit.eventType.TransferStockReserved' },
  TransferApproved: { id: 'audit.eventType.TransferApproved' },
  TransferDispatched: { id: 'audit.eventType.TransferDispatched' },
  TransferReceived: { id: 'audit.eventType.TransferReceived' },
  TransferStockArrived: { id: 'audit.eventType.TransferStockArrived' },
  TransferCancelled: { id: 'audit.eventType.TransferCancelled' },
  TransferStockReleased: { id: 'audit.eventType.TransferStockReleased' },
  TransferStockReturned: { id: 'audit.eventType.TransferStockReturned' },
  StockCountStarted: { id: 'audit.eventType.StockCountStarted' },
  StockCounted: { id: 'audit.eventType.StockCounted' },
  StockCountPosted: { id: 'audit.eventType.StockCountPosted' },
  StockCountCancelled: { id: 'audit.eventType.StockCountCancelled' },
  ProductRegistered: { id: 'audit.eventType.ProductRegistered' },
  ProductDetailsChanged: { id: 'audit.eventType.ProductDetailsChanged' },
  ProductPriceChanged: { id: 'audit.eventType.ProductPriceChanged' },
  ProductCommissionChanged: { id: 'audit.eventType.ProductCommissionChanged' },
  ProductActivated: { id: 'audit.eventType.ProductActivated' },
  ProductDeactivated: { id: 'audit.eventType.ProductDeactivated' },
  ProductDeleted: { id: 'audit.eventType.ProductDeleted' },
  CategoryCreated: { id: 'audit.eventType.CategoryCreated' },
  CategoryDetailsChanged: { id: 'audit.eventType.CategoryDetailsChanged' },
  CategoryDeleted: { id: 'audit.eventType.CategoryDeleted' },
  SupplierRegistered: { id: 'audit.eventType.SupplierRegistered' },
  SupplierDetailsChanged: { id: 'audit.eventType.SupplierDetailsChanged' },
  SupplierDeleted: { id: 'audit.eventType.SupplierDeleted' },
  UniqueValueClaimed: { id: 'audit.eventType.UniqueValueClaimed' },
  UniqueValueReleased: { id: 'audit.eventType.UniqueValueReleased' },
  PharmacyRegistered: { id: 'audit.eventType.PharmacyRegistered' },
  PharmacyDetailsChanged: { id: 'audit.eventType.PharmacyDetailsChanged' },
  PharmacyDeleted: { id: 'audit.eventType.PharmacyDeleted' },
} as const satisfies Record<KnownEventType, { id: MessageId }>;

/** An event type in the reader's language; a type this version does not know reads as its name. */
export function eventTypeText(intl: Pick<IntlShape, 'formatMessage'>, type: string): string {
  return Object.hasOwn(labels, type) ? intl.formatMessage(labels[type as KnownEventType]) : type;
}
