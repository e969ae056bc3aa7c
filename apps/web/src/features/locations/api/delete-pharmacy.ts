import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { pharmaciesQueryKey } from './get-pharmacies';

export async function deletePharmacy(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/pharmacies/${encodeURIComponent(id)}`);
}

export function useDeletePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePharmacy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
    onError: (error) => {
      // Someone else removed it: refresh so the stale card disappears.
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey });
      }
    },
  });
}
