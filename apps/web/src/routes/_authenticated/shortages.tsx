import { createFileRoute } from '@tanstack/react-router';
import { ShortagesPage } from '../../features/shortages/components/shortages-page';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { firstShortagePageQueryOptions, shortageSummaryQueryOptions } from '../../features/shortages/api/shortages';

export const Route = createFileRoute('/_authenticated/shortages')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(shortageSummaryQueryOptions(null));
    void context.queryClient.prefetchQuery(firstShortagePageQueryOptions());
  },
  component: ShortagesPage,
});
