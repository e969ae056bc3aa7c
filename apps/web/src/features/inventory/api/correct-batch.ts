import { inventoryBatchSchema, type BatchInput, type InventoryBatch } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface CorrectBatchVariables {
  id: string;
  input: BatchInput;
}

/** PUT /api/inventory/{id}: corrects what was recorded (moving stock elsewhere is a transfer, refused with 409). */
export async function correctBatch({ id, input }: CorrectBatchVariables): Promise<InventoryBatch> {
  const response = await apiRequest('PUT', `/api/inventory/${encodeURIComponent(id)}`, input);
  return inventoryBatchSchema.parse(await response.json());
}

export function useCorrectBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctBatch,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
