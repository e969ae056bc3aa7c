import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { pharmaciesQueryKey } from '../../../lib/pharmacies';
import { currentUserQueryKey } from '../../../lib/session';

export async function deletePharmacy(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/pharmacies/${encodeURIComponent(id)}`);
}

export function useDeletePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePharmacy,
    // The signed-in user's pharmacy list (the shell's switcher) includes every active location for an administrator.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
    onError: (error) => {
      // Someone else removed it: refresh so the stale card disappears.
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey });
      }
    },
  });
}
