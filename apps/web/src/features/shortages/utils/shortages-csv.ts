import type { ShortageItem } from '@pharmacy/contracts';
import { localizedName } from '../../../lib/catalogue';
import { toCsv } from '../../../lib/csv';

export interface ShortagesCsvLabels {
  product: string;
  sku: string;
  pharmacy: string;
  current: string;
  minimum: string;
  deficit: string;
  source: string;
  sourceStock: string;
  others: string;
  status: string;
  statuses: Record<ShortageItem['status'], string>;
}

/** The table's columns, in the reader's language; `toCsv` adds the byte order mark spreadsheets need for Arabic. */
export function buildShortagesCsv(
  items: readonly ShortageItem[],
  { labels, language }: { labels: ShortagesCsvLabels; language: 'en' | 'ar' },
): string {
  const header = [
    labels.product,
    labels.sku,
    labels.pharmacy,
    labels.current,
    labels.minimum,
    labels.deficit,
    labels.source,
    labels.sourceStock,
    labels.others,
    labels.status,
  ];
  const lines = items.map((item) => [
    localizedName(item.productName, item.productNameAr, language),
    item.productSku,
    localizedName(item.pharmacyName, item.pharmacyNameAr, language),
    item.currentStock,
    item.minStockLevel,
    item.deficit,
    item.suggestedSource ? localizedName(item.suggestedSource, item.suggestedSourceNameAr, language) : '',
    item.suggestedSource ? item.suggestedSourceStock : '',
    item.otherLocationsCount,
    labels.statuses[item.status],
  ]);
  return toCsv([header, ...lines]);
}

/** Specification 001 §9: `shortage-report-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function shortagesCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `shortage-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
