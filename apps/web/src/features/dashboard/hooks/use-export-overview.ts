import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { downloadTextFile } from '../../../lib/download';
import { buildOverviewCsv, overviewCsvFileName } from '../utils/inventory-csv';
import type { OverviewRow } from '../utils/inventory-overview';

/** Downloads the overview's rows (every one the search matches) as CSV, headed in the reader's language. */
export function useExportOverview() {
  const intl = useIntl();
  const { language } = useLanguage();
  return useCallback(
    (rows: readonly OverviewRow[], locationText: string) => {
      const csv = buildOverviewCsv(rows, {
        language,
        locationText,
        labels: {
          product: intl.formatMessage({ id: 'dashboard.inventory.column.product' }),
          brand: intl.formatMessage({ id: 'dashboard.inventory.csv.brand' }),
          sku: intl.formatMessage({ id: 'dashboard.inventory.column.sku' }),
          stock: intl.formatMessage({ id: 'dashboard.inventory.column.stock' }),
          location: intl.formatMessage({ id: 'dashboard.inventory.column.location' }),
          status: intl.formatMessage({ id: 'dashboard.inventory.column.status' }),
          generic: intl.formatMessage({ id: 'dashboard.inventory.generic' }),
          statuses: {
            outOfStock: intl.formatMessage({ id: 'dashboard.inventory.status.outOfStock' }),
            lowStock: intl.formatMessage({ id: 'dashboard.inventory.status.lowStock' }),
            inStock: intl.formatMessage({ id: 'dashboard.inventory.status.inStock' }),
          },
        },
      });
      downloadTextFile(overviewCsvFileName(new Date()), csv, 'text/csv;charset=utf-8');
    },
    [intl, language],
  );
}
