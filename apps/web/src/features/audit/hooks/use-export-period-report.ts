import type { PeriodReport } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { downloadTextFile } from '../../../lib/download';
import { movementText } from '../utils/movements';
import { buildPeriodReportCsv, periodReportFileName } from '../utils/period-report-csv';

/**
 * Downloads a period report as CSV, headed in the reader's language:
 * `period-report-<pharmacy>-<from>-<to>.csv`, with a toast saying how it went.
 */
export function useExportPeriodReport() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  return useCallback(
    (
      report: PeriodReport,
      { pharmacyName, fromDay, toDay }: { pharmacyName: string; fromDay: string; toDay: string },
    ) => {
      if (report.products.length === 0) {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'audit.export.noData' }),
          description: intl.formatMessage({ id: 'audit.export.noDataDescription' }),
        });
        return;
      }
      try {
        const csv = buildPeriodReportCsv(report, {
          language,
          labels: {
            product: intl.formatMessage({ id: 'audit.column.product' }),
            sku: intl.formatMessage({ id: 'audit.column.sku' }),
            batch: intl.formatMessage({ id: 'audit.field.batch' }),
            expiryDate: intl.formatMessage({ id: 'audit.column.expiry' }),
            opening: intl.formatMessage({ id: 'audit.period.opening' }),
            closing: intl.formatMessage({ id: 'audit.period.closing' }),
            total: intl.formatMessage({ id: 'audit.period.total' }),
            movement: (kind) => movementText(intl, kind),
          },
        });
        downloadTextFile(periodReportFileName(pharmacyName, fromDay, toDay), csv, 'text/csv;charset=utf-8');
        toast({
          title: intl.formatMessage({ id: 'audit.export.done' }),
          description: intl.formatMessage({ id: 'audit.export.doneDescription' }, { count: report.products.length }),
        });
      } catch {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'audit.export.failed' }),
          description: intl.formatMessage({ id: 'audit.export.failedDescription' }),
        });
      }
    },
    [intl, language, toast],
  );
}
