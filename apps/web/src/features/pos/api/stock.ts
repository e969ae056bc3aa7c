import { inventoryBatchSchema, type InventoryBatch } from '@pharmacy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';

const batchList = z.array(inventoryBatchSchema);

/** The batches of one pharmacy (GET /api/inventory?pharmacyId=): where a scanned batch number is looked up. */
export function stockAtQueryOptions(pharmacyId: string) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'at', pharmacyId] as const,
    queryFn: async ({ signal }): Promise<InventoryBatch[]> =>
      batchList.parse(await fetchJsonAt(withQuery('/api/inventory', { pharmacyId }), { signal })),
    // A scan right after a receipt must find the new batch.
    staleTime: 0,
  });
}
