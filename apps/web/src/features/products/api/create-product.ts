import { productSchema, type CreateProductInput, type Product } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

/** POST /api/products: the product, and its first batch when an initial quantity is given. */
export async function createProduct(input: CreateProductInput, idempotencyKey?: string): Promise<Product> {
  const response = await apiRequest('POST', '/api/products', input, { idempotencyKey });
  return productSchema.parse(await response.json());
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (input: CreateProductInput) => createProduct(input, key.for(input)),
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
      ]);
    },
  });
}
