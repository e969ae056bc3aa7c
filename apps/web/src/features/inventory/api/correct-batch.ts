import { inventoryBatchSchema, type BatchCorrection, type InventoryBatch } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

export interface CorrectBatchVariables {
  id: string;
  /** With the `version` the form was loaded at: a batch changed since (a sale too) is refused with 409 STALE_EDIT. */
  input: BatchCorrection;
}

/**
 * PUT /api/inventory/{id}: corrects what was recorded (moving stock elsewhere
 * is a transfer, refused with 409); a changed quantity is recorded as an
 * adjustment with its reason.
 */
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
