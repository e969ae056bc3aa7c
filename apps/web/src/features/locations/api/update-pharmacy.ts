import { pharmacySchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { pharmaciesQueryKey } from '../../../lib/pharmacies';
import { currentUserQueryKey } from '../../../lib/session';

export interface UpdatePharmacyVariables {
  id: string;
  input: PharmacyInput;
}

export async function updatePharmacy({ id, input }: UpdatePharmacyVariables): Promise<Pharmacy> {
  const response = await apiRequest('PUT', `/api/pharmacies/${encodeURIComponent(id)}`, input);
  return pharmacySchema.parse(await response.json());
}

export function useUpdatePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePharmacy,
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
