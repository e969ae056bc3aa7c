import type { ExpiringBatch } from '@pharmacy/contracts';
import type { MessageId } from '../../../i18n/messages';
import { localizedName } from '../../../lib/catalogue';
import { datedCsvFileName, type CsvColumn, type CsvExportOptions } from '../../../lib/csv-export';
import { discountPercentOf, expiryStatus, shortSku, type ExpiryStatus } from './expiry';

export const expiryStatusLabels = {
  expired: { id: 'expiry.status.expired' },
  critical: { id: 'expiry.status.critical' },
  high: { id: 'expiry.status.high' },
  monitor: { id: 'expiry.status.monitor' },
} as const satisfies Record<ExpiryStatus, { id: MessageId }>;

/**
 * The table's columns in the reader's language; dates as YYYY-MM-DD and
 * figures as plain numbers, so a spreadsheet reads them as dates and numbers.
 * `pharmacyName`: the pharmacy as the table names it (the rows carry the English name only).
 */
export function expiryCsvColumns(
  pharmacyName: (row: ExpiringBatch) => string = (row) => row.pharmacyName,
): readonly CsvColumn<ExpiringBatch>[] {
  return [
    {
      header: { id: 'expiry.column.product' },
      cell: (row, { language }) => localizedName(row.productName, row.productNameAr, language),
    },
    { header: { id: 'expiry.column.sku' }, cell: (row) => shortSku(row.productId) },
    { header: { id: 'expiry.column.batch' }, cell: (row) => row.batchNumber },
    { header: { id: 'expiry.column.pharmacy' }, cell: pharmacyName },
    { header: { id: 'expiry.column.quantity' }, cell: (row) => row.quantity },
    { header: { id: 'expiry.column.expiryDate' }, cell: (row) => row.expiryDate },
    { header: { id: 'expiry.column.daysLeft' }, cell: (row) => row.daysToExpiry },
    {
      header: { id: 'expiry.column.status' },
      cell: (row, { intl }) => intl.formatMessage(expiryStatusLabels[expiryStatus(row.daysToExpiry)]),
    },
    { header: { id: 'expiry.csv.discount' }, cell: (row) => discountPercentOf(row) ?? '' },
    { header: { id: 'expiry.csv.recordedExpired' }, cell: (row) => row.expiredOn ?? '' },
  ];
}

/** Specification 001 §9: `expiry-report-YYYY-MM-DD.csv`, dated in the user's own calendar. */
export function expiryCsvFileName(now: Date): string {
  return datedCsvFileName('expiry-report', now);
}

/** Specification 001 §8: 'No Data' when there is nothing to export, 'Export Failed' when it cannot be made. */
export const expiryCsvExport: CsvExportOptions<ExpiringBatch> = {
  fileName: expiryCsvFileName,
  readFailed: { title: { id: 'expiry.export.failed' }, description: { id: 'expiry.export.failedDescription' } },
  empty: { title: { id: 'expiry.export.noData' }, description: { id: 'expiry.export.noDataDescription' } },
  done: (rows) => ({
    title: { id: 'expiry.export.done' },
    description: { id: 'expiry.export.doneDescription' },
    values: { count: rows.length },
  }),
};
