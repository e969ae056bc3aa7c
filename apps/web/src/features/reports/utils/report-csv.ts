import type { CommissionRow, ExpiringBatch, InventoryBatch, Sale } from '@pharmacy/contracts';
import type { CsvColumn, CsvExportOptions } from '../../../lib/csv-export';
import { todayIso } from '../../../lib/dates';
import type { ReportNames } from '../hooks/use-report-names';
import { salesUnitLabel } from './report-labels';
import type { ReportRange, ReportType, ReportWindow } from './report-period';
import { batchIdOf, localDateTime, transactionId } from './report-rows';

// The CSV of each report has the columns of its table, headed in the reader's
// language. A cell that shows two things (a pharmacist's name and e-mail, a
// product and its SKU, a quantity and its unit, a batch's id and number) becomes
// two columns, so a spreadsheet can sort and sum them. Dates are YYYY-MM-DD (with
// the local time for sales), amounts and figures plain numbers.

/** How the report names pharmacies and products in the reader's language (`useReportNames`). */
type Names = Pick<ReportNames, 'pharmacy' | 'product'>;

export function salesCsvColumns(names: Names): readonly CsvColumn<Sale>[] {
  return [
    { header: { id: 'reports.column.transactionId' }, cell: (sale) => transactionId(sale.id) },
    { header: { id: 'reports.column.dateTime' }, cell: (sale) => localDateTime(sale.createdAt) },
    {
      header: { id: 'reports.column.customer' },
      cell: (sale, { intl }) => customerOf(sale, intl.formatMessage({ id: 'reports.sales.walkIn' })),
    },
    { header: { id: 'reports.column.location' }, cell: (sale) => names.pharmacy(sale.pharmacyId, sale.pharmacyName) },
    { header: { id: 'reports.column.totalAmount' }, cell: (sale) => sale.totalAmount },
    // Specification 001 §2: always displayed as Cash.
    {
      header: { id: 'reports.column.paymentMethod' },
      cell: (_, { intl }) => intl.formatMessage({ id: 'reports.sales.cash' }),
    },
  ];
}

/** Specification 001 §2: a sale without a customer name was to a 'Walk-in Customer'. */
export function customerOf(sale: Pick<Sale, 'customerName'>, walkIn: string): string {
  return sale.customerName?.trim() || walkIn;
}

/** The columns the Inventory and Expiry reports share. */
function stockCsvColumns<Row extends InventoryBatch | ExpiringBatch>(
  names: Names,
  batchId: (row: Row) => string,
): CsvColumn<Row>[] {
  return [
    {
      header: { id: 'reports.column.productName' },
      cell: (row) => names.product(row.productId, row.productName, row.productNameAr),
    },
    { header: { id: 'reports.column.sku' }, cell: (row) => row.productSku },
    {
      header: { id: 'reports.column.batchId' },
      cell: (row, { intl }) => batchIdOf(batchId(row), intl.formatMessage({ id: 'reports.notAvailable' })),
    },
    { header: { id: 'reports.csv.batchNumber' }, cell: (row) => row.batchNumber },
    { header: { id: 'reports.column.quantity' }, cell: (row) => row.quantity },
    {
      header: { id: 'reports.column.location' },
      cell: (row) =>
        names.pharmacy(row.pharmacyId, row.pharmacyName, 'pharmacyNameAr' in row ? row.pharmacyNameAr : null),
    },
    { header: { id: 'reports.column.expiryDate' }, cell: (row) => row.expiryDate },
  ];
}

export function inventoryCsvColumns(names: Names): readonly CsvColumn<InventoryBatch>[] {
  return stockCsvColumns<InventoryBatch>(names, (batch) => batch.id);
}

export function expiryReportCsvColumns(names: Names): readonly CsvColumn<ExpiringBatch>[] {
  return [
    ...stockCsvColumns<ExpiringBatch>(names, (row) => row.batchId),
    { header: { id: 'reports.column.daysUntilExpiry' }, cell: (row) => row.daysToExpiry },
  ];
}

export function commissionCsvColumns(names: Names): readonly CsvColumn<CommissionRow>[] {
  return [
    { header: { id: 'reports.column.pharmacist' }, cell: (row) => row.pharmacistName },
    { header: { id: 'reports.csv.email' }, cell: (row) => row.pharmacistEmail },
    { header: { id: 'reports.column.product' }, cell: (row) => names.product(row.productId, row.productName) },
    { header: { id: 'reports.column.sku' }, cell: (row) => row.productSku },
    { header: { id: 'reports.column.saleDate' }, cell: (row) => localDateTime(row.saleDate) },
    { header: { id: 'reports.column.quantity' }, cell: (row) => row.quantity },
    {
      header: { id: 'reports.csv.salesUnit' },
      cell: (row, { intl }) => {
        const label = salesUnitLabel(row.salesUnit);
        return label ? intl.formatMessage(label) : row.salesUnit;
      },
    },
    { header: { id: 'reports.column.saleAmount' }, cell: (row) => row.totalPrice },
    { header: { id: 'reports.csv.commissionRate' }, cell: (row) => row.commissionRate },
    { header: { id: 'reports.column.commissionAmount' }, cell: (row) => row.commissionAmount },
    { header: { id: 'reports.column.location' }, cell: (row) => names.pharmacy(row.pharmacyId) },
  ];
}

/** A row of any report. */
export type ReportRow = Sale | InventoryBatch | ExpiringBatch | CommissionRow;

/** The columns of the report on screen: each report's rows go with its own columns. */
export function reportCsvColumns(type: ReportType, names: Names): readonly CsvColumn<ReportRow>[] {
  const columnsOf = {
    sales: salesCsvColumns,
    inventory: inventoryCsvColumns,
    expiry: expiryReportCsvColumns,
    commission: commissionCsvColumns,
  } satisfies Record<ReportType, (names: Names) => readonly CsvColumn<never>[]>;
  return columnsOf[type](names) as readonly CsvColumn<never>[] as readonly CsvColumn<ReportRow>[];
}

/** Specification 001 §2, §8: with nothing to export, 'Export Failed' / 'No data available to export.' */
export const reportCsvExport: CsvExportOptions<ReportRow> = {
  // Named at the export, after the report and its period (`reportCsvFileName`).
  fileName: (now) => `report-${todayIso(now)}.csv`,
  readFailed: { title: { id: 'reports.export.failed' }, description: { id: 'reports.export.readError' } },
  failed: { title: { id: 'reports.export.failed' }, description: { id: 'reports.export.error' } },
  empty: { title: { id: 'reports.export.failed' }, description: { id: 'reports.export.noData' } },
};

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
