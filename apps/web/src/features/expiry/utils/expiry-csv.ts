import type { ExpiringBatch } from '@pharmacy/contracts';
import { localizedName } from '../../../lib/catalogue';
import { toCsv } from '../../../lib/csv';
import { discountPercentOf, expiryStatus, shortSku, type ExpiryStatus } from './expiry';

export interface ExpiryCsvLabels {
  product: string;
  sku: string;
  batch: string;
  pharmacy: string;
  quantity: string;
  expiryDate: string;
  daysLeft: string;
  status: string;
  discount: string;
  recordedExpired: string;
  statuses: Record<ExpiryStatus, string>;
}

/**
 * The table's columns in the reader's language; dates as YYYY-MM-DD and figures as plain numbers, so a
 * spreadsheet reads them as dates and numbers. `toCsv` adds the byte order mark
 * spreadsheets need for Arabic.
 */
export function buildExpiryCsv(
  rows: readonly ExpiringBatch[],
  {
    labels,
    language,
    pharmacyName = (row) => row.pharmacyName,
  }: { labels: ExpiryCsvLabels; language: 'en' | 'ar'; pharmacyName?: (row: ExpiringBatch) => string },
): string {
  const header = [
    labels.product,
    labels.sku,
    labels.batch,
    labels.pharmacy,
    labels.quantity,
    labels.expiryDate,
    labels.daysLeft,
    labels.status,
    labels.discount,
    labels.recordedExpired,
  ];
  const lines = rows.map((row) => [
    localizedName(row.productName, row.productNameAr, language),
    shortSku(row.productId),
    row.batchNumber,
    pharmacyName(row),
    row.quantity,
    row.expiryDate,
    row.daysToExpiry,
    labels.statuses[expiryStatus(row.daysToExpiry)],
    discountPercentOf(row) ?? '',
    row.expiredOn ?? '',
  ]);
  return toCsv([header, ...lines]);
}

/** Specification 001 §9: `expiry-report-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function expiryCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `expiry-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
