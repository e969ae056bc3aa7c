import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { categoriesQueryKey } from '../../../lib/catalogue';

/** DELETE /api/categories/{id}: refused (409) while products still name it. */
export async function deleteCategory(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/categories/${encodeURIComponent(id)}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Also after a failure: a 404 means someone else removed it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
