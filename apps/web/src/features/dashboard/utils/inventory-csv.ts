import type { MessageId } from '../../../i18n/messages';
import { localizedName } from '../../../lib/catalogue';
import { datedCsvFileName, type CsvColumn, type CsvExportOptions } from '../../../lib/csv-export';
import type { OverviewRow } from './inventory-overview';
import type { StockStatus } from './stock-status';

const statusLabels = {
  outOfStock: { id: 'dashboard.inventory.status.outOfStock' },
  lowStock: { id: 'dashboard.inventory.status.lowStock' },
  inStock: { id: 'dashboard.inventory.status.inStock' },
} as const satisfies Record<StockStatus, { id: MessageId }>;

/**
 * The overview's columns in the reader's language, for its rows (all that
 * match the search, not only the page shown); `locationText` is the location
 * the table names.
 */
export function overviewCsvColumns(locationText: string): readonly CsvColumn<OverviewRow>[] {
  return [
    {
      header: { id: 'dashboard.inventory.column.product' },
      cell: ({ product }, { language }) => localizedName(product.name, product.nameAr, language),
    },
    {
      header: { id: 'dashboard.inventory.csv.brand' },
      // A product without a brand is generic.
      cell: ({ product }, { intl }) => product.brand || intl.formatMessage({ id: 'dashboard.inventory.generic' }),
    },
    { header: { id: 'dashboard.inventory.column.sku' }, cell: ({ product }) => product.sku },
    { header: { id: 'dashboard.inventory.column.stock' }, cell: ({ stock }) => stock },
    { header: { id: 'dashboard.inventory.column.location' }, cell: () => locationText },
    {
      header: { id: 'dashboard.inventory.column.status' },
      cell: ({ status }, { intl }) => intl.formatMessage(statusLabels[status]),
    },
  ];
}

/** `inventory-overview-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function overviewCsvFileName(now: Date): string {
  return datedCsvFileName('inventory-overview', now);
}

export const overviewCsvExport: CsvExportOptions<OverviewRow> = {
  fileName: overviewCsvFileName,
  readFailed: { title: { id: 'common.error' }, description: { id: 'dashboard.inventory.exportFailed' } },
};
