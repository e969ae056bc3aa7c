import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { suppliersQueryKey } from '../../../lib/catalogue';

/** DELETE /api/suppliers/{id}: refused (409) while products still name it. */
export async function deleteSupplier(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/suppliers/${encodeURIComponent(id)}`);
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    // Also after a failure: a 404 means someone else removed it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
