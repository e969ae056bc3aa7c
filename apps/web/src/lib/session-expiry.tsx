import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useToast } from '../components/toaster';
import { isUnauthorizedError } from './api';
import { browserNavigation, LOGIN_URL } from './browser';

/** Specification §9: the "Unauthorized" toast stays this long before the browser goes to sign in. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

// One redirect per app instance (a query client is one), however many reads fail
// at once. Nothing resets it: the page is about to be replaced.
const redirecting = new WeakSet<QueryClient>();

/**
 * Specification §2/§8: "Unauthorized" / "You are logged out. Logging in again...",
 * then, 500 ms later, the server's sign-in (which answers with a redirect to /login).
 */
export function useLoginRedirect(): () => void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const intl = useIntl();
  return useCallback(() => {
    if (redirecting.has(queryClient)) return;
    redirecting.add(queryClient);
    toast({
      variant: 'error',
      title: intl.formatMessage({ id: 'session.unauthorized.title' }),
      description: intl.formatMessage({ id: 'session.unauthorized.description' }),
    });
    setTimeout(() => browserNavigation.assign(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
  }, [queryClient, toast, intl]);
}

/**
 * Watches every read and write on a protected screen: the first one the server
 * refuses with 401 Unauthorized (the session ended or expired) sends the user to
 * sign in again. A mutation can opt out with `meta: { sessionExpiryRedirect: false }`.
 */
export function useSessionExpiryRedirect(): void {
  const queryClient = useQueryClient();
  const redirectToLogin = useLoginRedirect();

  useEffect(() => {
    const queryCache = queryClient.getQueryCache();
    const mutationCache = queryClient.getMutationCache();
    // A read may have failed before this screen subscribed (a route loader starts it first).
    if (queryCache.getAll().some((query) => isUnauthorizedError(query.state.error))) redirectToLogin();

    const unsubscribeQueries = queryCache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorizedError(event.action.error)) {
        redirectToLogin();
      }
    });
    const unsubscribeMutations = mutationCache.subscribe((event) => {
      if (event.type !== 'updated' || event.mutation.meta?.sessionExpiryRedirect === false) return;
      if (event.action.type === 'error' && isUnauthorizedError(event.action.error)) {
        redirectToLogin();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, redirectToLogin]);
}

/** A protected screen visited while signed out: warn, then go to sign in (specification §2). */
export function SignedOutRedirect() {
  const redirectToLogin = useLoginRedirect();
  useEffect(() => redirectToLogin(), [redirectToLogin]);
  return <FullPageSpinner />;
}
