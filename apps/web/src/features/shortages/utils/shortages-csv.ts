import type { ShortageItem } from '@pharmacy/contracts';
import { localizedName } from '../../../lib/catalogue';
import { datedCsvFileName, type CsvColumn, type CsvExportOptions } from '../../../lib/csv-export';

/** The table's columns, in the reader's language. */
export const shortageCsvColumns: readonly CsvColumn<ShortageItem>[] = [
  {
    header: { id: 'shortages.column.product' },
    cell: (item, { language }) => localizedName(item.productName, item.productNameAr, language),
  },
  { header: { id: 'shortages.column.sku' }, cell: (item) => item.productSku },
  {
    header: { id: 'shortages.column.pharmacy' },
    cell: (item, { language }) => localizedName(item.pharmacyName, item.pharmacyNameAr, language),
  },
  { header: { id: 'shortages.column.current' }, cell: (item) => item.currentStock },
  { header: { id: 'shortages.column.minimum' }, cell: (item) => item.minStockLevel },
  { header: { id: 'shortages.column.deficit' }, cell: (item) => item.deficit },
  {
    header: { id: 'shortages.column.source' },
    cell: (item, { language }) =>
      item.suggestedSource ? localizedName(item.suggestedSource, item.suggestedSourceNameAr, language) : '',
  },
  {
    header: { id: 'shortages.csv.sourceStock' },
    cell: (item) => (item.suggestedSource ? item.suggestedSourceStock : ''),
  },
  { header: { id: 'shortages.column.others' }, cell: (item) => item.otherLocationsCount },
  {
    header: { id: 'shortages.column.status' },
    cell: (item, { intl }) => intl.formatMessage(shortageStatusLabels[item.status]),
  },
];

export const shortageStatusLabels = {
  can_fulfill: { id: 'shortages.status.can_fulfill' },
  partial: { id: 'shortages.status.partial' },
  no_source: { id: 'shortages.status.no_source' },
} as const;

/** Specification 001 §9: `shortage-report-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function shortagesCsvFileName(now: Date): string {
  return datedCsvFileName('shortage-report', now);
}

/** Specification 001 §8: with nothing to export, 'Export Failed: No shortage data available to export.' */
export const shortageCsvExport: CsvExportOptions<ShortageItem> = {
  fileName: shortagesCsvFileName,
  readFailed: { title: { id: 'shortages.export.failed' }, description: { id: 'shortages.export.error' } },
  empty: { title: { id: 'shortages.export.failed' }, description: { id: 'shortages.export.empty' } },
};
