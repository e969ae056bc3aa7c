import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { productsQueryKey } from '../../../lib/catalogue';

/** DELETE /api/products/{id}: administrators only, and only without stock (409 INVENTORY_EXISTS). */
export async function deleteProduct(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/products/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    onError: (error) => {
      // Someone else removed it: refresh so the stale row disappears.
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      }
    },
  });
}
