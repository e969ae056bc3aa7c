import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { markLoggedOut } from '../../../lib/session';
import { useLogoutMutation } from '../api/logout';

/**
 * Specification §2, Logout: POST /api/auth/logout, then "Logged Out" (or "Logout
 * Error"), and back to / either way. The current user becomes "logged out" in the
 * cache, and this browser stops remembering who was signed in (see markLoggedOut);
 * the signed-in area reacts by leaving for / and clearing the other cached reads
 * (see the _authenticated route), so nothing refetches in between.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const intl = useIntl();
  const mutation = useLogoutMutation();

  const leave = () => markLoggedOut(queryClient);

  const logout = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'logout.success.title' }),
          description: intl.formatMessage({ id: 'logout.success.description' }),
        });
        leave();
      },
      onError: (error) => {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'logout.error.title' }),
          description: apiErrorOf(error)?.message ?? intl.formatMessage({ id: 'logout.error.description' }),
        });
        leave();
      },
    });

  return { logout, isPending: mutation.isPending };
}
