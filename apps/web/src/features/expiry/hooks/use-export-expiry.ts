import type { ExpiringBatch } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { downloadTextFile } from '../../../lib/download';
import { buildExpiryCsv, expiryCsvFileName } from '../utils/expiry-csv';

/**
 * Downloads every batch the list matches (`load` reads them from the server,
 * page after page) as CSV, headed in the reader's language (specification 001
 * §2, §8, §9): 'No Data' when there is nothing to export, 'Export Failed' when
 * they cannot be read or the file cannot be made.
 */
export function useExportExpiry() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  return useCallback(
    async (load: () => Promise<readonly ExpiringBatch[]>, pharmacyName?: (row: ExpiringBatch) => string) => {
      const failed = () =>
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'expiry.export.failed' }),
          description: intl.formatMessage({ id: 'expiry.export.failedDescription' }),
        });
      let rows: readonly ExpiringBatch[];
      try {
        rows = await load();
      } catch {
        failed();
        return;
      }
      if (rows.length === 0) {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'expiry.export.noData' }),
          description: intl.formatMessage({ id: 'expiry.export.noDataDescription' }),
        });
        return;
      }
      try {
        const csv = buildExpiryCsv(rows, {
          language,
          ...(pharmacyName ? { pharmacyName } : {}),
          labels: {
            product: intl.formatMessage({ id: 'expiry.column.product' }),
            sku: intl.formatMessage({ id: 'expiry.column.sku' }),
            batch: intl.formatMessage({ id: 'expiry.column.batch' }),
            pharmacy: intl.formatMessage({ id: 'expiry.column.pharmacy' }),
            quantity: intl.formatMessage({ id: 'expiry.column.quantity' }),
            expiryDate: intl.formatMessage({ id: 'expiry.column.expiryDate' }),
            daysLeft: intl.formatMessage({ id: 'expiry.column.daysLeft' }),
            status: intl.formatMessage({ id: 'expiry.column.status' }),
            discount: intl.formatMessage({ id: 'expiry.csv.discount' }),
            recordedExpired: intl.formatMessage({ id: 'expiry.csv.recordedExpired' }),
            statuses: {
              expired: intl.formatMessage({ id: 'expiry.status.expired' }),
              critical: intl.formatMessage({ id: 'expiry.status.critical' }),
              high: intl.formatMessage({ id: 'expiry.status.high' }),
              monitor: intl.formatMessage({ id: 'expiry.status.monitor' }),
            },
          },
        });
        downloadTextFile(expiryCsvFileName(new Date()), csv, 'text/csv;charset=utf-8');
        toast({
          title: intl.formatMessage({ id: 'expiry.export.done' }),
          description: intl.formatMessage({ id: 'expiry.export.doneDescription' }, { count: rows.length }),
        });
      } catch {
        failed();
      }
    },
    [intl, language, toast],
  );
}
