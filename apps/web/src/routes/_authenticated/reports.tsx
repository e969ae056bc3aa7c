import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import {
  commissionReportQueryOptions,
  dailyMetricsQueryOptions,
  salesReportPageQueryOptions,
  salesSummaryQueryOptions,
  stockSummaryQueryOptions,
} from '../../features/reports/api/reports';
import { ReportsPage } from '../../features/reports/components/reports-page';
import {
  DEFAULT_REPORT_RANGE,
  DEFAULT_REPORT_TYPE,
  reportRanges,
  reportTypes,
  resolveReportWindow,
  type ReportSelection,
} from '../../features/reports/utils/report-period';
import { isValidIsoDay, todayIso } from '../../lib/dates';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

const day = z.string().refine(isValidIsoDay).optional().catch(undefined);

// `?type=&range=&from=&to=&pharmacy=`: anything malformed falls back to the default rather than failing the page.
const reportSearchSchema = z.object({
  type: z.enum(reportTypes).optional().catch(undefined),
  range: z.enum(reportRanges).optional().catch(undefined),
  from: day,
  to: day,
  pharmacy: z.guid().optional().catch(undefined),
});
type ReportSearch = z.output<typeof reportSearchSchema>;

export const Route = createFileRoute('/_authenticated/reports')({
  validateSearch: reportSearchSchema,
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
        // The table's first page as the report opens it: newest first, unsearched (ReportsPage).
        void queryClient.prefetchQuery(
          salesReportPageQueryOptions({ window: resolved.window, pharmacyId, q: '', sort: '-date', page: 1 }),
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
  component: ReportsRoute,
});

function selectionOf(search: ReportSearch): ReportSelection {
  return {
    type: search.type ?? DEFAULT_REPORT_TYPE,
    range: search.range ?? DEFAULT_REPORT_RANGE,
    from: search.from,
    to: search.to,
    pharmacyId: search.pharmacy ?? null,
  };
}

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsPage
      selection={selectionOf(search)}
      onSelectionChange={(next) =>
        void navigate({
          search: {
            type: next.type === DEFAULT_REPORT_TYPE ? undefined : next.type,
            range: next.range === DEFAULT_REPORT_RANGE ? undefined : next.range,
            from: next.range === 'custom' ? next.from : undefined,
            to: next.range === 'custom' ? next.to : undefined,
            pharmacy: next.pharmacyId ?? undefined,
          },
          replace: true,
        })
      }
    />
  );
}
