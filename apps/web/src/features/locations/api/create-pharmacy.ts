import { pharmacySchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { pharmaciesQueryKey } from './get-pharmacies';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
  });
}
