import { inventoryBatchSchema, type BatchInput, type InventoryBatch } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

/** POST /api/inventory. A batch number already held with the same expiry is topped up, not duplicated. */
export async function receiveBatch(input: BatchInput, idempotencyKey?: string): Promise<InventoryBatch> {
  const response = await apiRequest('POST', '/api/inventory', input, { idempotencyKey });
  return inventoryBatchSchema.parse(await response.json());
}

export function useReceiveBatch() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (input: BatchInput) => receiveBatch(input, key.for(input)),
    // Stock on hand is part of every product row too; pending until both lists show the batch.
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}
