import { createFileRoute } from '@tanstack/react-router';
import { ExpiryPage } from '../../features/expiry/components/expiry-page';
import { expiringSummaryQueryOptions, firstExpiringPageQueryOptions } from '../../features/expiry/api/expiry';
import { DEFAULT_EXPIRY_WINDOW } from '../../features/expiry/utils/expiry';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/expiry')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(expiringSummaryQueryOptions(DEFAULT_EXPIRY_WINDOW, null));
    void context.queryClient.prefetchQuery(firstExpiringPageQueryOptions(DEFAULT_EXPIRY_WINDOW));
  },
  component: ExpiryPage,
});
