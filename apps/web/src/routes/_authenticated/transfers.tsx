import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { transferSchema } from '@pharmacy/contracts';
import { firstTransferPage, transferSummaryQueryOptions } from '../../features/transfers/api/transfers';
import { TransfersPage } from '../../features/transfers/components/transfers-page';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';
import { serverPageQueryOptions } from '../../lib/server-page';

const id = z.string().uuid().optional().catch(undefined);

export const Route = createFileRoute('/_authenticated/transfers')({
  // `?from=&product=` (Batch Management) or `?from=&to=&product=&quantity=` (Shortages) open
  // the create dialog filled in; anything malformed is left out rather than failing the page.
  validateSearch: z.object({
    from: id,
    to: id,
    product: id,
    quantity: z.coerce.number().int().min(1).optional().catch(undefined),
  }),
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(serverPageQueryOptions(transferSchema, firstTransferPage));
    void context.queryClient.prefetchQuery(transferSummaryQueryOptions(null));
  },
  component: TransfersRoute,
});

function TransfersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const prefill = search.from || search.to ? search : undefined;
  return (
    <TransfersPage prefill={prefill} onPrefillDone={() => prefill && void navigate({ search: {}, replace: true })} />
  );
}
