import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';
import { currentUserQueryKey, useAuthState } from './session';

/** /login and /pharmacist-login: a signed-in visitor has nothing to do there and goes to /. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { data } = useAuthState();
  if (data?.status === 'signedIn') return <Navigate to="/" replace />;
  return children;
}

/**
 * After Logout (specification §2): back to /, and the signed-out visitor keeps no
 * one's data. The caches are cleared here, once the signed-in screens have
 * unmounted, so none of them refetches (and fails) on the way out.
 */
export function LeaveAfterLogout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
  }, [queryClient]);
  return (
    <>
      <FullPageSpinner />
      <Navigate to="/" replace />
    </>
  );
}
