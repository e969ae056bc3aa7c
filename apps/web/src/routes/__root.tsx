import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { RouterContext } from '../app/router';
import { ErrorPage } from '../components/error-page';
import { FullPageSpinner } from '../components/full-page-spinner';
import { NotFoundPage } from '../components/not-found-page';
import { useAuthState } from '../lib/session';

// Only a user with several pharmacies and none chosen sees it: it is fetched then, not on every first load.
const PharmacySelectionScreen = lazy(() =>
  import('../features/auth/components/pharmacy-selection-screen').then((module) => ({
    default: module.PharmacySelectionScreen,
  })),
);

// The offline till's sending (IndexedDB, the GS1 parser, the sale contracts) is fetched once
// someone signs in, so the sign-in page does not download it.
const OfflineSaleSync = lazy(() =>
  import('../features/pos/components/offline-sale-sync').then((module) => ({
    default: module.OfflineSaleSync,
  })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

/**
 * Specification §2, route table: a spinner while the session is read; the
 * pharmacy selection screen instead of every route while one must be chosen;
 * otherwise the routes, each of which decides what signed-in and signed-out
 * visitors see.
 */
function RootComponent() {
  const intl = useIntl();
  const auth = useAuthState();
  const appName = intl.formatMessage({ id: 'app.name' });

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  if (auth.isPending) return <FullPageSpinner />;
  if (auth.isError) return <ErrorPage reset={() => void auth.refetch()} />;
  if (auth.data.status === 'needsPharmacy')
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <PharmacySelectionScreen pharmacies={auth.data.pharmacies} />
      </Suspense>
    );
  return (
    <>
      {/*
        Offline sales are sent from whichever signed-in screen is open, not only the point of
        sale. Here rather than in a layout: the dashboard (`/`) is outside `_authenticated`,
        and going between them must not stop a send under way.
      */}
      {auth.data.status === 'signedIn' ? (
        <Suspense fallback={null}>
          <OfflineSaleSync user={auth.data.user} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
