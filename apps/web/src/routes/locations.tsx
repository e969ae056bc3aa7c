import { createFileRoute } from '@tanstack/react-router';
import { pharmaciesQueryOptions } from '../features/locations/api/get-pharmacies';
import { LocationsPage } from '../features/locations/components/locations-page';

export const Route = createFileRoute('/locations')({
  // Start the request with navigation but do not wait for it: the page shows
  // its own skeletons and error callout, which a blocking loader would hide.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
  },
  component: LocationsPage,
});
