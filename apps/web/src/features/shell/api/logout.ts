import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

export function useLogoutMutation() {
  return useMutation({
    mutationFn: logout,
    // Leaving anyway: a 401 here means the session had already ended, not that sign-in is needed.
    meta: { sessionExpiryRedirect: false },
  });
}
