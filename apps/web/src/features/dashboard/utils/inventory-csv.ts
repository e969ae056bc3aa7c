import { toCsv } from '../../../lib/csv';
import { localizedName } from '../../../lib/catalogue';
import type { OverviewRow } from './inventory-overview';
import type { StockStatus } from './stock-status';

export interface OverviewCsvLabels {
  product: string;
  brand: string;
  sku: string;
  stock: string;
  location: string;
  status: string;
  /** A product without a brand. */
  generic: string;
  statuses: Record<StockStatus, string>;
}

/**
 * The overview's rows (all that match the search, not only the page shown) in
 * the table's columns and the reader's language. `toCsv` adds the byte order
 * mark spreadsheets need to read Arabic.
 */
export function buildOverviewCsv(
  rows: readonly OverviewRow[],
  { labels, locationText, language }: { labels: OverviewCsvLabels; locationText: string; language: 'en' | 'ar' },
): string {
  const header = [labels.product, labels.brand, labels.sku, labels.stock, labels.location, labels.status];
  const lines = rows.map(({ product, stock, status }) => [
    localizedName(product.name, product.nameAr, language),
    product.brand || labels.generic,
    product.sku,
    stock,
    locationText,
    labels.statuses[status],
  ]);
  return toCsv([header, ...lines]);
}

/** `inventory-overview-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function overviewCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `inventory-overview-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
