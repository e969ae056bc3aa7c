import { createFileRoute } from '@tanstack/react-router';
import { ShortagesPage } from '../../features/shortages/components/shortages-page';
import { shortageListRequest, shortageListSearch } from '../../features/shortages/shortage-list';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { shortagePageQueryOptions, shortageSummaryQueryOptions } from '../../features/shortages/api/shortages';

export const Route = createFileRoute('/_authenticated/shortages')({
  validateSearch: shortageListSearch,
  loaderDeps: ({ search }) => shortageListRequest(search),
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(shortageSummaryQueryOptions(deps.pharmacyId, deps.q));
    void context.queryClient.prefetchQuery(shortagePageQueryOptions(deps));
  },
  component: ShortagesPage,
});
