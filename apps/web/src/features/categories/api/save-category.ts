import { categorySchema, type Category, type CategoryInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { categoriesQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface SaveCategoryVariables {
  /** Absent to create. */
  id?: string;
  input: CategoryInput;
}

/** POST /api/categories, or PUT /api/categories/{id} (administrators only). */
export async function saveCategory({ id, input }: SaveCategoryVariables): Promise<Category> {
  const response = id
    ? await apiRequest('PUT', `/api/categories/${encodeURIComponent(id)}`, input)
    : await apiRequest('POST', '/api/categories', input);
  return categorySchema.parse(await response.json());
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    // Products show the category's name, so their list changes with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
