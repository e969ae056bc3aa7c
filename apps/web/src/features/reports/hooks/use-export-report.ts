import type { CommissionRow, ExpiringBatch, InventoryBatch, Sale } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { downloadTextFile } from '../../../lib/download';
import {
  buildCommissionCsv,
  buildExpiryReportCsv,
  buildInventoryCsv,
  buildSalesCsv,
  reportCsvFileName,
  type StockCsvLabels,
} from '../utils/report-csv';
import type { ReportRange, ReportWindow } from '../utils/report-period';
import { reportTypeNames, salesUnitLabel } from '../utils/report-labels';
import type { ReportNames } from './use-report-names';

/**
 * The rows of the report on screen (all of them, not just the page shown;
 * for sales at most `SALES_EXPORT_LIMIT`, `total` saying how many matched).
 */
export type ReportExport =
  | { type: 'sales'; rows: readonly Sale[]; total: number }
  | { type: 'inventory'; rows: readonly InventoryBatch[] }
  | { type: 'expiry'; rows: readonly ExpiringBatch[] }
  | { type: 'commission'; rows: readonly CommissionRow[] };

/**
 * 'Export Report' (specification 001 §2): the current table as CSV, headed in
 * the reader's language; 'Export Successful' / '{Type} report has been
 * downloaded as CSV file.', or 'Export Failed' / 'No data available to export.'
 * when there is nothing to export.
 */
export function useExportReport(names: ReportNames) {
  const intl = useIntl();
  const { toast } = useToast();
  return useCallback(
    async (load: () => Promise<ReportExport>, range: ReportRange, window: ReportWindow) => {
      const failed = intl.formatMessage({ id: 'reports.export.failed' });
      let report: ReportExport;
      try {
        report = await load();
      } catch {
        toast({ variant: 'error', title: failed, description: intl.formatMessage({ id: 'reports.export.readError' }) });
        return;
      }
      if (report.rows.length === 0) {
        toast({ variant: 'error', title: failed, description: intl.formatMessage({ id: 'reports.export.noData' }) });
        return;
      }
      try {
        downloadTextFile(
          reportCsvFileName(report.type, range, window, new Date()),
          buildCsv(report),
          'text/csv;charset=utf-8',
        );
        toast({
          title: intl.formatMessage({ id: 'reports.export.done' }),
          description:
            report.type === 'sales' && report.total > report.rows.length
              ? intl.formatMessage(
                  { id: 'reports.export.doneFirst' },
                  { count: report.rows.length, total: report.total },
                )
              : intl.formatMessage(
                  { id: 'reports.export.doneDescription' },
                  { type: intl.formatMessage(reportTypeNames[report.type]) },
                ),
        });
      } catch {
        toast({ variant: 'error', title: failed, description: intl.formatMessage({ id: 'reports.export.error' }) });
      }

      function buildCsv(current: ReportExport): string {
        const stockLabels: StockCsvLabels = {
          productName: intl.formatMessage({ id: 'reports.column.productName' }),
          sku: intl.formatMessage({ id: 'reports.column.sku' }),
          batchId: intl.formatMessage({ id: 'reports.column.batchId' }),
          batchNumber: intl.formatMessage({ id: 'reports.csv.batchNumber' }),
          quantity: intl.formatMessage({ id: 'reports.column.quantity' }),
          location: intl.formatMessage({ id: 'reports.column.location' }),
          expiryDate: intl.formatMessage({ id: 'reports.column.expiryDate' }),
          notAvailable: intl.formatMessage({ id: 'reports.notAvailable' }),
        };
        switch (current.type) {
          case 'sales':
            return buildSalesCsv(current.rows, {
              labels: {
                transactionId: intl.formatMessage({ id: 'reports.column.transactionId' }),
                dateTime: intl.formatMessage({ id: 'reports.column.dateTime' }),
                customer: intl.formatMessage({ id: 'reports.column.customer' }),
                location: intl.formatMessage({ id: 'reports.column.location' }),
                totalAmount: intl.formatMessage({ id: 'reports.column.totalAmount' }),
                paymentMethod: intl.formatMessage({ id: 'reports.column.paymentMethod' }),
                walkIn: intl.formatMessage({ id: 'reports.sales.walkIn' }),
                cash: intl.formatMessage({ id: 'reports.sales.cash' }),
              },
              pharmacyName: (sale) => names.pharmacy(sale.pharmacyId, sale.pharmacyName),
            });
          case 'inventory':
            return buildInventoryCsv(current.rows, {
              labels: stockLabels,
              productName: (batch) => names.product(batch.productId, batch.productName, batch.productNameAr),
              pharmacyName: (batch) => names.pharmacy(batch.pharmacyId, batch.pharmacyName, batch.pharmacyNameAr),
            });
          case 'expiry':
            return buildExpiryReportCsv(current.rows, {
              labels: { ...stockLabels, daysUntilExpiry: intl.formatMessage({ id: 'reports.column.daysUntilExpiry' }) },
              productName: (row) => names.product(row.productId, row.productName, row.productNameAr),
              pharmacyName: (row) => names.pharmacy(row.pharmacyId, row.pharmacyName),
            });
          case 'commission':
            return buildCommissionCsv(current.rows, {
              labels: {
                pharmacist: intl.formatMessage({ id: 'reports.column.pharmacist' }),
                email: intl.formatMessage({ id: 'reports.csv.email' }),
                product: intl.formatMessage({ id: 'reports.column.product' }),
                sku: intl.formatMessage({ id: 'reports.column.sku' }),
                saleDate: intl.formatMessage({ id: 'reports.column.saleDate' }),
                quantity: intl.formatMessage({ id: 'reports.column.quantity' }),
                salesUnit: intl.formatMessage({ id: 'reports.csv.salesUnit' }),
                saleAmount: intl.formatMessage({ id: 'reports.column.saleAmount' }),
                commissionRate: intl.formatMessage({ id: 'reports.csv.commissionRate' }),
                commissionAmount: intl.formatMessage({ id: 'reports.column.commissionAmount' }),
                location: intl.formatMessage({ id: 'reports.column.location' }),
              },
              productName: (row) => names.product(row.productId, row.productName),
              pharmacyName: (row) => names.pharmacy(row.pharmacyId),
              salesUnit: (unit) => {
                const label = salesUnitLabel(unit);
                return label ? intl.formatMessage(label) : unit;
              },
            });
          default: {
            const unknown: never = current;
            throw new Error(`Unknown report ${String(unknown)}`);
          }
        }
      }
    },
    [intl, toast, names],
  );
}
