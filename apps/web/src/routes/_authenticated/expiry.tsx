import { createFileRoute } from '@tanstack/react-router';
import { ExpiryPage } from '../../features/expiry/components/expiry-page';
import { expiringPageQueryOptions, expiringSummaryQueryOptions } from '../../features/expiry/api/expiry';
import { expiryListRequest, expiryListSearch } from '../../features/expiry/expiry-list';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/expiry')({
  validateSearch: expiryListSearch,
  loaderDeps: ({ search }) => expiryListRequest(search),
  loader: ({ context, deps }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(expiringSummaryQueryOptions(deps.days, deps.pharmacyId));
    void context.queryClient.prefetchQuery(expiringPageQueryOptions(deps));
  },
  component: ExpiryPage,
});
