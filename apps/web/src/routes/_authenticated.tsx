import type { CurrentUser } from '@pharmacy/contracts';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppShell } from '../features/shell/components/app-shell';
import { loadWholeCatalogues } from '../i18n/messages';
import { LeaveAfterLogout } from '../lib/route-guards';
import { RoleProvider } from '../lib/authorization';
import { currentUserQueryOptions, useAuthState, useRecheckRememberedSession } from '../lib/session';
import { SignedOutRedirect, useSessionExpiryRedirect } from '../lib/session-expiry';
import { useInstallationLanguage } from '../lib/system-settings';

/**
 * Every signed-in page (specification §2): inside the shell, with the user's role
 * deciding which controls show. Signed out, the visitor is warned and sent to sign in.
 */
export const Route = createFileRoute('/_authenticated')({
  // Child loaders run after this, so they know whether there is anyone to load data for.
  // Its pages are outside the first screens, so the rest of the messages are fetched first (src/i18n/areas.ts).
  beforeLoad: async ({ context }): Promise<{ currentUser: CurrentUser | null }> => {
    const [auth] = await Promise.all([
      context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null),
      loadWholeCatalogues(),
    ]);
    return { currentUser: auth?.status === 'signedIn' ? auth.user : null };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { data } = useAuthState();
  if (data?.status === 'signedIn') {
    return (
      <SignedInArea user={data.user}>
        <Outlet />
      </SignedInArea>
    );
  }
  if (data?.status === 'signedOut' && data.loggedOut) return <LeaveAfterLogout />;
  return <SignedOutRedirect />;
}

function SignedInArea({ user, children }: { user: CurrentUser; children: ReactNode }) {
  useSessionExpiryRedirect();
  useRecheckRememberedSession();
  useInstallationLanguage();
  return (
    <RoleProvider role={user.role}>
      <AppShell user={user}>{children}</AppShell>
    </RoleProvider>
  );
}
