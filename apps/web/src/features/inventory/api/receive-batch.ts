import { inventoryBatchSchema, type BatchInput, type InventoryBatch } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

/** POST /api/inventory. A batch number already held with the same expiry is topped up, not duplicated. */
export async function receiveBatch(input: BatchInput): Promise<InventoryBatch> {
  const response = await apiRequest('POST', '/api/inventory', input);
  return inventoryBatchSchema.parse(await response.json());
}

export function useReceiveBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveBatch,
    // Stock on hand is part of every product row too; pending until both lists show the batch.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
