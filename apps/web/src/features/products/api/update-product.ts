import { productSchema, type Product, type ProductInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface UpdateProductVariables {
  id: string;
  input: ProductInput;
}

export async function updateProduct({ id, input }: UpdateProductVariables): Promise<Product> {
  const response = await apiRequest('PUT', `/api/products/${encodeURIComponent(id)}`, input);
  return productSchema.parse(await response.json());
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // Batches carry the product's name and sales unit, so the inventory lists change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
      ]),
    onError: (error) => {
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      }
    },
  });
}
