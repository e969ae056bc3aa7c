import { supplierSchema, type Supplier, type SupplierInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { suppliersQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface SaveSupplierVariables {
  /** Absent to create. */
  id?: string;
  input: SupplierInput;
}

/** POST /api/suppliers, or PUT /api/suppliers/{id} (administrators only). */
export async function saveSupplier({ id, input }: SaveSupplierVariables, idempotencyKey?: string): Promise<Supplier> {
  const response = id
    ? await apiRequest('PUT', `/api/suppliers/${encodeURIComponent(id)}`, input)
    : await apiRequest('POST', '/api/suppliers', input, { idempotencyKey });
  return supplierSchema.parse(await response.json());
}

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: SaveSupplierVariables) =>
      saveSupplier(variables, variables.id ? undefined : key.for(variables.input)),
    // Products show the supplier's name, so their list changes with it.
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}
