import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { transferSchema } from '@pharmacy/contracts';
import { transferSummaryQueryOptions } from '../../features/transfers/api/transfers';
import { TransfersPage } from '../../features/transfers/components/transfers-page';
import { transferListRequest, transferListSearch } from '../../features/transfers/transfer-list';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { serverPageQueryOptions } from '../../lib/server-page';

const id = z.string().uuid().optional().catch(undefined);

export const Route = createFileRoute('/_authenticated/transfers')({
  // The list's own state (`?pharmacy=&q=&sort=&page=`), and `?from=&product=` (Batch Management) or
  // `?from=&to=&product=&quantity=` (Shortages), which open the create dialog filled in; anything
  // malformed is left out rather than failing the page.
  validateSearch: transferListSearch.extend({
    from: id,
    to: id,
    product: id,
    quantity: z.coerce.number().int().min(1).optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => ({ list: transferListRequest(search), pharmacyId: search.pharmacy ?? null }),
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(serverPageQueryOptions(transferSchema, deps.list));
    void context.queryClient.prefetchQuery(transferSummaryQueryOptions(deps.pharmacyId));
  },
  component: TransfersRoute,
});

function TransfersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const prefill = search.from || search.to ? search : undefined;
  return (
    <TransfersPage
      prefill={prefill}
      onPrefillDone={() =>
        prefill &&
        void navigate({
          search: (previous) => ({
            ...previous,
            from: undefined,
            to: undefined,
            product: undefined,
            quantity: undefined,
          }),
          replace: true,
        })
      }
    />
  );
}
