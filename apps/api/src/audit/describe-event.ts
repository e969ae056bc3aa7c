/**
 * An event in plain words, in English or Arabic, for the auditors' event
 * browser. Quantities are whole packs unless said otherwise; names are looked
 * up by the caller (products, batches and pharmacies by id).
 */
export type Language = 'en' | 'ar';

export interface Names {
  product(id: unknown): string;
  batch(id: unknown): string;
  pharmacy(id: unknown): string;
}

type Describe = (data: Record<string, unknown>, names: Names) => string;

const n = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const sumOf = (items: unknown, key: string) =>
  Array.isArray(items) ? items.reduce((total: number, item: Record<string, unknown>) => total + n(item[key]), 0) : 0;

/** The till's number of a sale made offline, or '' for a sale recorded as it happened. */
const offline = (d: Record<string, unknown>) => String((d.offline as { number?: string } | undefined)?.number ?? '');

const english: Record<string, Describe> = {
  PharmacyRegistered: (d) =>
    `Pharmacy location ${String((d.details as { name?: string } | undefined)?.name ?? '')} added`,
  ProductRegistered: (d, x) => `Product ${x.product(d.productId)} added to the catalogue`,
  BatchReceived: (d, x) =>
    `${n(d.quantity)} packs of ${x.product(d.productId)} received into batch ${String(d.batchNumber)} at ${x.pharmacy(d.pharmacyId)}`,
  BatchCorrected: (d, x) => `Batch ${x.batch(d.batchId)} corrected at ${x.pharmacy(d.pharmacyId)}`,
  StockAdjusted: (d, x) =>
    `Batch ${x.batch(d.batchId)} adjusted by ${n(d.quantityChange) > 0 ? '+' : ''}${n(d.quantityChange)} packs (${String(d.reason).replace(/_/g, ' ')})`,
  SaleCompleted: (d, x) =>
    `${offline(d) ? `Offline sale ${offline(d)}` : 'Sale'} of ${sumOf(d.lines, 'quantity')} item(s) for ${String(d.totalAmount)} at ${x.pharmacy(d.pharmacyId)}`,
  StockDiscrepancyRaised: (d, x) =>
    d.kind === 'stale_price'
      ? `Offline sale ${String(d.offlineNumber ?? '')} at ${x.pharmacy(d.pharmacyId)} was made from a stale price list: review its prices`
      : `Offline sale ${String(d.offlineNumber ?? '')} at ${x.pharmacy(d.pharmacyId)} sold ${sumOf(d.lines, 'quantity')} item(s) the books no longer held: review the stock`,
  StockDiscrepancyResolved: (d, x) => `Stock discrepancy at ${x.pharmacy(d.pharmacyId)} resolved: ${String(d.note)}`,
  SaleReturned: (d, x) =>
    `Return of ${sumOf(d.lines, 'quantity')} item(s), ${String(d.refundAmount)} refunded, at ${x.pharmacy(d.pharmacyId)}`,
  TransferStockReserved: (d, x) =>
    `${sumOf(d.items, 'quantity')} packs reserved at ${x.pharmacy(d.pharmacyId)} for a transfer to ${x.pharmacy(d.toPharmacyId)}${d.approval ? ', approving its request' : ''}`,
  TransferRequested: (d, x) =>
    `Transfer of ${sumOf(d.items, 'quantity')} packs requested from ${x.pharmacy(d.fromPharmacyId)} to ${x.pharmacy(d.toPharmacyId)}${d.reserved === false ? `, awaiting approval at ${x.pharmacy(d.fromPharmacyId)}` : ''}`,
  TransferApproved: (d, x) => `Transfer from ${x.pharmacy(d.fromPharmacyId)} approved`,
  TransferDispatched: (d, x) => `${sumOf(d.items, 'quantity')} packs dispatched from ${x.pharmacy(d.pharmacyId)}`,
  TransferReceived: (d, x) =>
    `Transfer received at ${x.pharmacy(d.toPharmacyId)}: ${sumOf(d.items, 'receivedQuantity')} of ${sumOf(d.items, 'quantity')} packs arrived`,
  TransferStockArrived: (d, x) => `${sumOf(d.items, 'quantity')} packs arrived at ${x.pharmacy(d.pharmacyId)}`,
  TransferCancelled: (d, x) => `Transfer from ${x.pharmacy(d.fromPharmacyId)} cancelled`,
  TransferStockReleased: (d, x) =>
    `${sumOf(d.items, 'quantity')} reserved packs released at ${x.pharmacy(d.pharmacyId)}`,
  TransferStockReturned: (d, x) => `${sumOf(d.items, 'quantity')} packs returned to ${x.pharmacy(d.pharmacyId)}`,
  BatchDiscountSet: (d, x) =>
    `Batch ${x.batch(d.batchId)} discounted ${String(d.discountPercentage)}% (${String(d.reason)})`,
  BatchDiscountEnded: (d, x) => `Discount on batch ${x.batch(d.batchId)} ended`,
  BatchExpired: (d) => `Batch ${String(d.batchNumber)} recorded as expired with ${n(d.quantity)} packs`,
  StockWrittenOff: (d, x) =>
    `${n(d.quantity)} packs of batch ${x.batch(d.batchId)} written off (${String(d.reason)}), witnessed by ${String(d.witness)}`,
  StockCountStarted: (d, x) => `Stock count started at ${x.pharmacy(d.pharmacyId)}`,
  StockCounted: (d) => `${Array.isArray(d.counts) ? d.counts.length : 0} batch(es) counted`,
  StockCountPosted: (d, x) =>
    `Stock count posted at ${x.pharmacy(d.pharmacyId)}: ${Array.isArray(d.adjustments) ? d.adjustments.filter((a: { change: number }) => a.change !== 0).length : 0} batch(es) adjusted`,
  StockCountCancelled: (d, x) => `Stock count cancelled at ${x.pharmacy(d.pharmacyId)}`,
};

const arabic: Record<string, Describe> = {
  PharmacyRegistered: (d) => `إضافة موقع الصيدلية ${String((d.details as { name?: string } | undefined)?.name ?? '')}`,
  ProductRegistered: (d, x) => `إضافة المنتج ${x.product(d.productId)} إلى الكتالوج`,
  BatchReceived: (d, x) =>
    `استلام ${n(d.quantity)} عبوة من ${x.product(d.productId)} في الدفعة ${String(d.batchNumber)} في ${x.pharmacy(d.pharmacyId)}`,
  BatchCorrected: (d, x) => `تصحيح الدفعة ${x.batch(d.batchId)} في ${x.pharmacy(d.pharmacyId)}`,
  StockAdjusted: (d, x) => `تعديل الدفعة ${x.batch(d.batchId)} بمقدار ${n(d.quantityChange)} عبوة`,
  SaleCompleted: (d, x) =>
    `${offline(d) ? `بيع دون اتصال ${offline(d)}:` : 'بيع'} ${sumOf(d.lines, 'quantity')} صنف بمبلغ ${String(d.totalAmount)} في ${x.pharmacy(d.pharmacyId)}`,
  StockDiscrepancyRaised: (d, x) =>
    d.kind === 'stale_price'
      ? `البيع دون اتصال ${String(d.offlineNumber ?? '')} في ${x.pharmacy(d.pharmacyId)} تم بقائمة أسعار قديمة: راجع أسعاره`
      : `البيع دون اتصال ${String(d.offlineNumber ?? '')} في ${x.pharmacy(d.pharmacyId)} باع ${sumOf(d.lines, 'quantity')} صنف لم تعد في السجلات: راجع المخزون`,
  StockDiscrepancyResolved: (d, x) => `حل فرق المخزون في ${x.pharmacy(d.pharmacyId)}: ${String(d.note)}`,
  SaleReturned: (d, x) =>
    `إرجاع ${sumOf(d.lines, 'quantity')} صنف واسترداد ${String(d.refundAmount)} في ${x.pharmacy(d.pharmacyId)}`,
  TransferStockReserved: (d, x) =>
    `حجز ${sumOf(d.items, 'quantity')} عبوة في ${x.pharmacy(d.pharmacyId)} لنقلها إلى ${x.pharmacy(d.toPharmacyId)}${d.approval ? ' بالموافقة على طلبه' : ''}`,
  TransferRequested: (d, x) =>
    `طلب نقل ${sumOf(d.items, 'quantity')} عبوة من ${x.pharmacy(d.fromPharmacyId)} إلى ${x.pharmacy(d.toPharmacyId)}${d.reserved === false ? `، بانتظار موافقة ${x.pharmacy(d.fromPharmacyId)}` : ''}`,
  TransferApproved: (d, x) => `الموافقة على النقل من ${x.pharmacy(d.fromPharmacyId)}`,
  TransferDispatched: (d, x) => `إرسال ${sumOf(d.items, 'quantity')} عبوة من ${x.pharmacy(d.pharmacyId)}`,
  TransferReceived: (d, x) =>
    `استلام النقل في ${x.pharmacy(d.toPharmacyId)}: وصل ${sumOf(d.items, 'receivedQuantity')} من ${sumOf(d.items, 'quantity')} عبوة`,
  TransferStockArrived: (d, x) => `وصول ${sumOf(d.items, 'quantity')} عبوة إلى ${x.pharmacy(d.pharmacyId)}`,
  TransferCancelled: (d, x) => `إلغاء النقل من ${x.pharmacy(d.fromPharmacyId)}`,
  TransferStockReleased: (d, x) => `إلغاء حجز ${sumOf(d.items, 'quantity')} عبوة في ${x.pharmacy(d.pharmacyId)}`,
  TransferStockReturned: (d, x) => `إعادة ${sumOf(d.items, 'quantity')} عبوة إلى ${x.pharmacy(d.pharmacyId)}`,
  BatchDiscountSet: (d, x) => `خصم ${String(d.discountPercentage)}٪ على الدفعة ${x.batch(d.batchId)}`,
  BatchDiscountEnded: (d, x) => `إنهاء الخصم على الدفعة ${x.batch(d.batchId)}`,
  BatchExpired: (d) => `تسجيل انتهاء صلاحية الدفعة ${String(d.batchNumber)} وفيها ${n(d.quantity)} عبوة`,
  StockWrittenOff: (d, x) => `إتلاف ${n(d.quantity)} عبوة من الدفعة ${x.batch(d.batchId)} بحضور ${String(d.witness)}`,
  StockCountStarted: (d, x) => `بدء جرد المخزون في ${x.pharmacy(d.pharmacyId)}`,
  StockCounted: (d) => `جرد ${Array.isArray(d.counts) ? d.counts.length : 0} دفعة`,
  StockCountPosted: (d, x) => `ترحيل جرد المخزون في ${x.pharmacy(d.pharmacyId)}`,
  StockCountCancelled: (d, x) => `إلغاء جرد المخزون في ${x.pharmacy(d.pharmacyId)}`,
};

export function describeEvent(type: string, data: Record<string, unknown>, names: Names, language: Language): string {
  const describe = (language === 'ar' ? arabic : english)[type];
  if (describe) return describe(data, names);
  // Types without a sentence of their own (catalogue and identity details) read as their name.
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return language === 'ar' ? `حدث: ${type}` : words.charAt(0).toUpperCase() + words.slice(1);
}
