import { pharmacySchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';

/** A new location's fields: it has no version yet. */
type NewPharmacy = Omit<PharmacyInput, 'version'>;
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { pharmaciesQueryKey } from '../../../lib/pharmacies';
import { currentUserQueryKey } from '../../../lib/session';

export async function createPharmacy(input: NewPharmacy, idempotencyKey?: string): Promise<Pharmacy> {
  const response = await apiRequest('POST', '/api/pharmacies', input, { idempotencyKey });
  return pharmacySchema.parse(await response.json());
}

export function useCreatePharmacy() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (input: NewPharmacy) => createPharmacy(input, key.for(input)),
    // Returning the promise keeps the mutation pending until the list shows the new
    // location (the server answers only once its read model has it).
    // The signed-in user's pharmacy list (the shell's switcher) includes every active location for an administrator.
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: pharmaciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
