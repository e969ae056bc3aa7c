import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { RouterContext } from '../app/router';
import { ErrorPage } from '../components/error-page';
import { FullPageSpinner } from '../components/full-page-spinner';
import { NotFoundPage } from '../components/not-found-page';
import { PharmacySelectionScreen } from '../features/auth/components/pharmacy-selection-screen';
import { useAuthState } from '../lib/session';

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
  if (auth.data.status === 'needsPharmacy') return <PharmacySelectionScreen pharmacies={auth.data.pharmacies} />;
  return <Outlet />;
}
