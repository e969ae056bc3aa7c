import { createFileRoute } from '@tanstack/react-router';
import { LocationsPage } from '../../features/locations/components/locations-page';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/locations')({
  // Start the request with navigation but do not wait for it: the page shows
  // its own skeletons and error callout, which a blocking loader would hide.
  loader: ({ context }) => {
    if (context.currentUser) void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
  },
  component: LocationsPage,
});
