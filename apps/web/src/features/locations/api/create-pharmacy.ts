import { pharmacySchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { pharmaciesQueryKey } from '../../../lib/pharmacies';
import { currentUserQueryKey } from '../../../lib/session';

export async function createPharmacy(input: PharmacyInput): Promise<Pharmacy> {
  const response = await apiRequest('POST', '/api/pharmacies', input);
  return pharmacySchema.parse(await response.json());
}

export function useCreatePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPharmacy,
    // Returning the promise keeps the mutation pending until the list shows the new
    // location (the server answers only once its read model has it).
    // The signed-in user's pharmacy list (the shell's switcher) includes every active location for an administrator.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
