import { categorySchema, type Category, type CategoryInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { categoriesQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface SaveCategoryVariables {
  /** Absent to create. */
  id?: string;
  input: CategoryInput;
}

/** POST /api/categories, or PUT /api/categories/{id} (administrators only). */
export async function saveCategory({ id, input }: SaveCategoryVariables, idempotencyKey?: string): Promise<Category> {
  const response = id
    ? await apiRequest('PUT', `/api/categories/${encodeURIComponent(id)}`, input)
    : await apiRequest('POST', '/api/categories', input, { idempotencyKey });
  return categorySchema.parse(await response.json());
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: SaveCategoryVariables) =>
      saveCategory(variables, variables.id ? undefined : key.for(variables.input)),
    // Products show the category's name, so their list changes with it.
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}
