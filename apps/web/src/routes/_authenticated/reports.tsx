import { createFileRoute } from '@tanstack/react-router';
import {
  commissionReportQueryOptions,
  dailyMetricsQueryOptions,
  salesReportPageQueryOptions,
  salesSummaryQueryOptions,
  stockSummaryQueryOptions,
} from '../../features/reports/api/reports';
import { ReportsPage } from '../../features/reports/components/reports-page';
import { reportDefaults, reportSearch, selectionOf } from '../../features/reports/report-list';
import { resolveReportWindow } from '../../features/reports/utils/report-period';
import { todayIso } from '../../lib/dates';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/reports')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    const { queryClient } = context;
    const selection = selectionOf(deps);
    const pharmacyId = selection.pharmacyId;
    void queryClient.prefetchQuery(pharmaciesQueryOptions());
    const resolved = resolveReportWindow(selection.range, todayIso(), selection);
    switch (selection.type) {
      case 'sales':
        if (!resolved.ok) return;
        // The table's page as the address names it (ReportsPage).
        void queryClient.prefetchQuery(
          salesReportPageQueryOptions({
            window: resolved.window,
            pharmacyId,
            q: deps.q ?? '',
            sort: deps.sort ?? reportDefaults.sort,
            page: deps.page ?? 1,
          }),
        );
        void queryClient.prefetchQuery(salesSummaryQueryOptions(resolved.window, pharmacyId));
        void queryClient.prefetchQuery(dailyMetricsQueryOptions(pharmacyId));
        return;
      case 'commission':
        if (resolved.ok) void queryClient.prefetchQuery(commissionReportQueryOptions(resolved.window, pharmacyId));
        return;
      case 'inventory':
        void queryClient.prefetchQuery(stockSummaryQueryOptions(pharmacyId));
        return;
      case 'expiry':
        void queryClient.prefetchQuery(stockSummaryQueryOptions(pharmacyId));
        return;
      default: {
        const unknown: never = selection.type;
        throw new Error(`Unknown report ${String(unknown)}`);
      }
    }
  },
  component: ReportsPage,
});
