import type { CommissionRow, ExpiringBatch, InventoryBatch, Sale } from '@pharmacy/contracts';
import { toCsv } from '../../../lib/csv';
import { todayIso } from '../../../lib/dates';
import type { ReportRange, ReportType, ReportWindow } from './report-period';
import { batchIdOf, localDateTime, transactionId } from './report-rows';

// The CSV of each report has the columns of its table, headed in the reader's
// language. A cell that shows two things (a pharmacist's name and e-mail, a
// product and its SKU, a quantity and its unit, a batch's id and number) becomes
// two columns, so a spreadsheet can sort and sum them. Dates are YYYY-MM-DD (with
// the local time for sales), amounts and figures plain numbers; `toCsv` adds the
// byte order mark spreadsheets need to read Arabic.

export interface SalesCsvLabels {
  transactionId: string;
  dateTime: string;
  customer: string;
  location: string;
  totalAmount: string;
  paymentMethod: string;
  walkIn: string;
  cash: string;
}

export function buildSalesCsv(
  sales: readonly Sale[],
  { labels, pharmacyName }: { labels: SalesCsvLabels; pharmacyName: (sale: Sale) => string },
): string {
  const header = [
    labels.transactionId,
    labels.dateTime,
    labels.customer,
    labels.location,
    labels.totalAmount,
    labels.paymentMethod,
  ];
  const lines = sales.map((sale) => [
    transactionId(sale.id),
    localDateTime(sale.createdAt),
    customerOf(sale, labels.walkIn),
    pharmacyName(sale),
    sale.totalAmount,
    labels.cash,
  ]);
  return toCsv([header, ...lines]);
}

/** Specification 001 §2: a sale without a customer name was to a 'Walk-in Customer'. */
export function customerOf(sale: Pick<Sale, 'customerName'>, walkIn: string): string {
  return sale.customerName?.trim() || walkIn;
}

export interface StockCsvLabels {
  productName: string;
  sku: string;
  batchId: string;
  batchNumber: string;
  quantity: string;
  location: string;
  expiryDate: string;
  notAvailable: string;
}

export function buildInventoryCsv(
  batches: readonly InventoryBatch[],
  {
    labels,
    productName,
    pharmacyName,
  }: {
    labels: StockCsvLabels;
    productName: (batch: InventoryBatch) => string;
    pharmacyName: (batch: InventoryBatch) => string;
  },
): string {
  const header = [
    labels.productName,
    labels.sku,
    labels.batchId,
    labels.batchNumber,
    labels.quantity,
    labels.location,
    labels.expiryDate,
  ];
  const lines = batches.map((batch) => [
    productName(batch),
    batch.productSku,
    batchIdOf(batch.id, labels.notAvailable),
    batch.batchNumber,
    batch.quantity,
    pharmacyName(batch),
    batch.expiryDate,
  ]);
  return toCsv([header, ...lines]);
}

export function buildExpiryReportCsv(
  rows: readonly ExpiringBatch[],
  {
    labels,
    productName,
    pharmacyName,
  }: {
    labels: StockCsvLabels & { daysUntilExpiry: string };
    productName: (row: ExpiringBatch) => string;
    pharmacyName: (row: ExpiringBatch) => string;
  },
): string {
  const header = [
    labels.productName,
    labels.sku,
    labels.batchId,
    labels.batchNumber,
    labels.quantity,
    labels.location,
    labels.expiryDate,
    labels.daysUntilExpiry,
  ];
  const lines = rows.map((row) => [
    productName(row),
    row.productSku,
    batchIdOf(row.batchId, labels.notAvailable),
    row.batchNumber,
    row.quantity,
    pharmacyName(row),
    row.expiryDate,
    row.daysToExpiry,
  ]);
  return toCsv([header, ...lines]);
}

export interface CommissionCsvLabels {
  pharmacist: string;
  email: string;
  product: string;
  sku: string;
  saleDate: string;
  quantity: string;
  salesUnit: string;
  saleAmount: string;
  commissionRate: string;
  commissionAmount: string;
  location: string;
}

export function buildCommissionCsv(
  rows: readonly CommissionRow[],
  {
    labels,
    productName,
    pharmacyName,
    salesUnit,
  }: {
    labels: CommissionCsvLabels;
    productName: (row: CommissionRow) => string;
    pharmacyName: (row: CommissionRow) => string;
    salesUnit: (unit: string) => string;
  },
): string {
  const header = [
    labels.pharmacist,
    labels.email,
    labels.product,
    labels.sku,
    labels.saleDate,
    labels.quantity,
    labels.salesUnit,
    labels.saleAmount,
    labels.commissionRate,
    labels.commissionAmount,
    labels.location,
  ];
  const lines = rows.map((row) => [
    row.pharmacistName,
    row.pharmacistEmail,
    productName(row),
    row.productSku,
    localDateTime(row.saleDate),
    row.quantity,
    salesUnit(row.salesUnit),
    row.totalPrice,
    row.commissionRate,
    row.commissionAmount,
    pharmacyName(row),
  ]);
  return toCsv([header, ...lines]);
}

const rangeSlugs: Record<Exclude<ReportRange, 'custom'>, string> = {
  today: 'today',
  last7: 'last-7-days',
  last30: 'last-30-days',
  all: 'all-time',
};

/**
 * Specification 001 §2, §9: sales and commission files are named with the range
 * and the date (`sales-report-last-7-days-2026-03-01.csv`; a custom period by its
 * days, `commission-report-2026-01-01-to-2026-01-31-2026-03-01.csv`); inventory
 * and expiry files with the date only. The date is the user's own today.
 */
export function reportCsvFileName(type: ReportType, range: ReportRange, window: ReportWindow, now: Date): string {
  const date = todayIso(now);
  if (type === 'inventory' || type === 'expiry') return `${type}-report-${date}.csv`;
  const rangeSlug =
    range === 'custom' ? `${window.startDate ?? 'start'}-to-${window.endDate ?? 'end'}` : rangeSlugs[range];
  return `${type}-report-${rangeSlug}-${date}.csv`;
}
