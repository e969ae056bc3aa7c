import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { discrepanciesQueryOptions, discrepancyStatusFilters } from '../../features/discrepancies/api/discrepancies';
import { DiscrepanciesPage } from '../../features/discrepancies/components/discrepancies-page';
import { SaleDialog } from '../../features/pos/components/sale-dialog';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

// `?status=&pharmacy=&sale=`: anything malformed falls back to the default rather than failing the page.
const discrepancySearchSchema = z.object({
  status: z.enum(discrepancyStatusFilters).optional().catch(undefined),
  pharmacy: z.guid().optional().catch(undefined),
  /** The sale whose details are open over the list. */
  sale: z.guid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/discrepancies')({
  validateSearch: discrepancySearchSchema,
  loaderDeps: ({ search }) => ({ status: search.status, pharmacy: search.pharmacy }),
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(
      discrepanciesQueryOptions({ status: deps.status ?? 'open', pharmacyId: deps.pharmacy ?? null }),
    );
  },
  component: DiscrepanciesRoute,
});

// The route assembles the two features: the list, and the point of sale's details of the sale it names.
function DiscrepanciesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <DiscrepanciesPage
        filters={{ status: search.status ?? 'open', pharmacyId: search.pharmacy ?? null }}
        onFiltersChange={({ status, pharmacyId }) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              status: status === 'open' ? undefined : status,
              pharmacy: pharmacyId ?? undefined,
            }),
            replace: true,
          })
        }
        onOpenSale={(sale) => void navigate({ search: (previous) => ({ ...previous, sale }) })}
      />
      <SaleDialog
        saleId={search.sale ?? null}
        onClose={() => void navigate({ search: (previous) => ({ ...previous, sale: undefined }), replace: true })}
      />
    </>
  );
}
