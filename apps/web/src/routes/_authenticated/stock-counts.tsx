import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StockCountsPage } from '../../features/stock-counts/components/stock-counts-page';
import { stockCountSchema } from '@pharmacy/contracts';
import { firstStockCountPage } from '../../features/stock-counts/api/stock-counts';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { serverPageQueryOptions } from '../../lib/server-page';

export const Route = createFileRoute('/_authenticated/stock-counts')({
  // `?count=<id>` opens that count's sheet; anything malformed shows the list instead.
  validateSearch: z.object({ count: z.string().uuid().optional().catch(undefined) }),
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(serverPageQueryOptions(stockCountSchema, firstStockCountPage));
  },
  component: StockCountsRoute,
});

function StockCountsRoute() {
  const { count } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StockCountsPage
      countId={count ?? null}
      onOpenCount={(id) => void navigate({ search: { count: id ?? undefined } })}
    />
  );
}
