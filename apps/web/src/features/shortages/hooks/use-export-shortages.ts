import type { ShortageItem } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { downloadTextFile } from '../../../lib/download';
import { buildShortagesCsv, shortagesCsvFileName } from '../utils/shortages-csv';

/**
 * Downloads every shortage the list matches (`load` reads them from the
 * server, page after page) as CSV, headed in the reader's language; with
 * none, or when they cannot be read, says so instead.
 */
export function useExportShortages() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  return useCallback(
    async (load: () => Promise<readonly ShortageItem[]>) => {
      let items: readonly ShortageItem[];
      try {
        items = await load();
      } catch {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'shortages.export.failed' }),
          description: intl.formatMessage({ id: 'shortages.export.error' }),
        });
        return;
      }
      if (items.length === 0) {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'shortages.export.failed' }),
          description: intl.formatMessage({ id: 'shortages.export.empty' }),
        });
        return;
      }
      const csv = buildShortagesCsv(items, {
        language,
        labels: {
          product: intl.formatMessage({ id: 'shortages.column.product' }),
          sku: intl.formatMessage({ id: 'shortages.column.sku' }),
          pharmacy: intl.formatMessage({ id: 'shortages.column.pharmacy' }),
          current: intl.formatMessage({ id: 'shortages.column.current' }),
          minimum: intl.formatMessage({ id: 'shortages.column.minimum' }),
          deficit: intl.formatMessage({ id: 'shortages.column.deficit' }),
          source: intl.formatMessage({ id: 'shortages.column.source' }),
          sourceStock: intl.formatMessage({ id: 'shortages.csv.sourceStock' }),
          others: intl.formatMessage({ id: 'shortages.column.others' }),
          status: intl.formatMessage({ id: 'shortages.column.status' }),
          statuses: {
            can_fulfill: intl.formatMessage({ id: 'shortages.status.can_fulfill' }),
            partial: intl.formatMessage({ id: 'shortages.status.partial' }),
            no_source: intl.formatMessage({ id: 'shortages.status.no_source' }),
          },
        },
      });
      downloadTextFile(shortagesCsvFileName(new Date()), csv, 'text/csv;charset=utf-8');
    },
    [intl, language, toast],
  );
}
