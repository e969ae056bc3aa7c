import { pharmacySchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { pharmaciesQueryKey } from './get-pharmacies';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
    onError: (error) => {
      // Someone else removed it: refresh so the stale card disappears.
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey });
      }
    },
  });
}
