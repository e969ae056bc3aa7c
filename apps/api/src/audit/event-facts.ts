/**
 * What an event's sentence in the audit trail says, as the arguments of the web
 * app's `audit.event.<type>` message (apps/web/src/i18n/en.json, ar.json): the
 * wording is the catalogues' alone. Quantities are whole packs unless said
 * otherwise, written as plain digits; amounts as the event holds them; names in
 * the language asked for, looked up by the caller (products, batches and
 * pharmacies by id). A product or pharmacy the read tables do not know is left
 * out, and the message says it is unknown. A type without a sentence of its own
 * (catalogue and identity details) has no facts: it reads as its name.
 */
export type Language = 'en' | 'ar';

export type Facts = Record<string, string>;

export interface Names {
  /** In the language asked for; undefined when the product is not known. */
  product(id: unknown): string | undefined;
  /** The batch number, or the end of the id when the batch is not known. */
  batch(id: unknown): string;
  /** In the language asked for; undefined when the pharmacy is not known. */
  pharmacy(id: unknown): string | undefined;
}

type Data = Record<string, unknown>;
type FactsOf = (data: Data, names: Names) => Record<string, string | undefined>;

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const n = (value: unknown) => String(num(value));
const sumOf = (items: unknown, key: string) =>
  String(
    Array.isArray(items)
      ? items.reduce((total: number, item: Record<string, unknown>) => total + num(item[key]), 0)
      : 0,
  );
const yes = (value: boolean) => (value ? 'yes' : 'no');

/** The till's number of a sale made offline, or '' for a sale recorded as it happened. */
const offline = (d: Data) => String((d.offline as { number?: string } | undefined)?.number ?? '');

const factsOf: Record<string, FactsOf> = {
  PharmacyRegistered: (d) => ({ name: String((d.details as { name?: string } | undefined)?.name ?? '') }),
  ProductRegistered: (d, x) => ({ product: x.product(d.productId) }),
  BatchReceived: (d, x) => ({
    quantity: n(d.quantity),
    product: x.product(d.productId),
    batch: String(d.batchNumber),
    pharmacy: x.pharmacy(d.pharmacyId),
  }),
  BatchCorrected: (d, x) => ({ batch: x.batch(d.batchId), pharmacy: x.pharmacy(d.pharmacyId) }),
  StockAdjusted: (d, x) => ({
    batch: x.batch(d.batchId),
    change: n(d.quantityChange),
    direction: num(d.quantityChange) > 0 ? 'up' : 'down',
    reason: String(d.reason).replace(/_/g, ' '),
  }),
  SaleCompleted: (d, x) => ({
    sale: offline(d) ? 'offline' : 'online',
    number: offline(d),
    items: sumOf(d.lines, 'quantity'),
    amount: String(d.totalAmount),
    pharmacy: x.pharmacy(d.pharmacyId),
  }),
  StockDiscrepancyRaised: (d, x) => ({
    kind: String(d.kind),
    number: String(d.offlineNumber ?? ''),
    pharmacy: x.pharmacy(d.pharmacyId),
    items: sumOf(d.lines, 'quantity'),
  }),
  StockDiscrepancyResolved: (d, x) => ({ pharmacy: x.pharmacy(d.pharmacyId), note: String(d.note) }),
  SaleReturned: (d, x) => ({
    items: sumOf(d.lines, 'quantity'),
    refund: String(d.refundAmount),
    pharmacy: x.pharmacy(d.pharmacyId),
  }),
  TransferStockReserved: (d, x) => ({
    packs: sumOf(d.items, 'quantity'),
    pharmacy: x.pharmacy(d.pharmacyId),
    toPharmacy: x.pharmacy(d.toPharmacyId),
    approval: yes(Boolean(d.approval)),
  }),
  TransferRequested: (d, x) => ({
    packs: sumOf(d.items, 'quantity'),
    fromPharmacy: x.pharmacy(d.fromPharmacyId),
    toPharmacy: x.pharmacy(d.toPharmacyId),
    awaiting: yes(d.reserved === false),
  }),
  TransferApproved: (d, x) => ({ fromPharmacy: x.pharmacy(d.fromPharmacyId) }),
  TransferDispatched: (d, x) => ({ packs: sumOf(d.items, 'quantity'), pharmacy: x.pharmacy(d.pharmacyId) }),
  TransferReceived: (d, x) => ({
    toPharmacy: x.pharmacy(d.toPharmacyId),
    received: sumOf(d.items, 'receivedQuantity'),
    packs: sumOf(d.items, 'quantity'),
  }),
  TransferStockArrived: (d, x) => ({ packs: sumOf(d.items, 'quantity'), pharmacy: x.pharmacy(d.pharmacyId) }),
  TransferCancelled: (d, x) => ({ fromPharmacy: x.pharmacy(d.fromPharmacyId) }),
  TransferStockReleased: (d, x) => ({ packs: sumOf(d.items, 'quantity'), pharmacy: x.pharmacy(d.pharmacyId) }),
  TransferStockReturned: (d, x) => ({ packs: sumOf(d.items, 'quantity'), pharmacy: x.pharmacy(d.pharmacyId) }),
  BatchDiscountSet: (d, x) => ({
    batch: x.batch(d.batchId),
    percent: String(d.discountPercentage),
    reason: String(d.reason),
  }),
  BatchDiscountEnded: (d, x) => ({ batch: x.batch(d.batchId) }),
  BatchExpired: (d) => ({ batch: String(d.batchNumber), quantity: n(d.quantity) }),
  StockWrittenOff: (d, x) => ({
    quantity: n(d.quantity),
    batch: x.batch(d.batchId),
    reason: String(d.reason),
    witness: String(d.witness),
  }),
  StockCountStarted: (d, x) => ({ pharmacy: x.pharmacy(d.pharmacyId) }),
  StockCounted: (d) => ({ batches: String(Array.isArray(d.counts) ? d.counts.length : 0) }),
  StockCountPosted: (d, x) => ({
    pharmacy: x.pharmacy(d.pharmacyId),
    adjusted: String(
      Array.isArray(d.adjustments) ? d.adjustments.filter((a: { change: number }) => a.change !== 0).length : 0,
    ),
  }),
  StockCountCancelled: (d, x) => ({ pharmacy: x.pharmacy(d.pharmacyId) }),
};

/** The arguments of the event's sentence; none for a type that reads as its name. */
export function eventFacts(type: string, data: Data, names: Names): Facts {
  const of = Object.hasOwn(factsOf, type) ? factsOf[type] : undefined;
  if (!of) return {};
  return Object.fromEntries(
    Object.entries(of(data, names)).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The type in words ("Stock adjusted"): the deprecated `description` of the
 * event browser's answer, kept for clients of earlier versions. The sentences
 * themselves are the web app's messages, worded from `facts`.
 */
export function eventTypeInWords(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
