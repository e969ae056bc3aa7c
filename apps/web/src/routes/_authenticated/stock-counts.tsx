import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StockCountsPage } from '../../features/stock-counts/components/stock-counts-page';
import { stockCountSchema } from '@pharmacy/contracts';
import { countListRequest, countListSearch } from '../../features/stock-counts/count-list';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { serverPageQueryOptions } from '../../lib/server-page';

export const Route = createFileRoute('/_authenticated/stock-counts')({
  // The list's own state (`?pharmacy=&sort=&page=`), and `?count=<id>`, which opens that count's
  // sheet; anything malformed shows the list instead.
  validateSearch: countListSearch.extend({ count: z.string().uuid().optional().catch(undefined) }),
  loaderDeps: ({ search }) => countListRequest(search),
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(serverPageQueryOptions(stockCountSchema, deps));
  },
  component: StockCountsRoute,
});

function StockCountsRoute() {
  const { count } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StockCountsPage
      countId={count ?? null}
      // The list keeps its page and filter behind the sheet.
      onOpenCount={(id) => void navigate({ search: (previous) => ({ ...previous, count: id ?? undefined }) })}
    />
  );
}
