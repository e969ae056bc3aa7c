import type { CurrentUser } from '@pharmacy/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { WelcomePage } from '../features/auth/components/welcome-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppShell } from '../features/shell/components/app-shell';
import { RoleProvider } from '../lib/authorization';
import { useAuthState, useRecheckRememberedSession } from '../lib/session';
import { useSessionExpiryRedirect } from '../lib/session-expiry';
import { useInstallationLanguage } from '../lib/system-settings';

export const Route = createFileRoute('/')({
  // The dashboard's location (`?location=<pharmacy id>`); anything else means all locations.
  validateSearch: z.object({ location: z.guid().optional().catch(undefined) }),
  component: HomeRoute,
});

/** Signed out: the welcome page. Signed in: the dashboard, inside the shell like every signed-in page. */
function HomeRoute() {
  const { data } = useAuthState();
  if (data?.status === 'signedIn') return <SignedInHome user={data.user} />;
  return <WelcomePage />;
}

// `/` cannot sit under the `_authenticated` layout, which would send signed-out
// visitors to sign in instead of showing them the welcome page; so it sets up
// what that layout does for its pages: session-expiry redirect, installation
// language, role and shell.
function SignedInHome({ user }: { user: CurrentUser }) {
  useSessionExpiryRedirect();
  useRecheckRememberedSession();
  useInstallationLanguage();
  const { location } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RoleProvider role={user.role}>
      <AppShell user={user}>
        <DashboardPage
          pharmacyId={location ?? null}
          onPharmacyChange={(next) => void navigate({ search: { location: next ?? undefined }, replace: true })}
        />
      </AppShell>
    </RoleProvider>
  );
}
