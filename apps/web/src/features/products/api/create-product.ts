import { productSchema, type CreateProductInput, type Product } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

/** POST /api/products: the product, and its first batch when an initial quantity is given. */
export async function createProduct(input: CreateProductInput): Promise<Product> {
  const response = await apiRequest('POST', '/api/products', input);
  return productSchema.parse(await response.json());
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
      ]),
  });
}
