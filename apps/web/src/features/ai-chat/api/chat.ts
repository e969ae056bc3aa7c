import {
  chatAnswerSchema,
  lowStockItemSchema,
  type ChatAnswer,
  type ChatRequest,
  type LowStockItem,
} from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, fetchJson } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';

// The dashboard reads the same list under the same key (features do not import each other), so they share it.
const lowStockQueryKey = [...inventoryQueryKey, 'low-stock'] as const;
const lowStockList = z.array(lowStockItemSchema);

/**
 * GET /api/inventory/low-stock: active products at or below their minimum, in
 * every pharmacy the caller may see. Under the inventory key, so a sale or a
 * receipt refreshes the Quick Stats count.
 */
export function lowStockQueryOptions() {
  return queryOptions({
    queryKey: lowStockQueryKey,
    queryFn: async ({ signal }): Promise<LowStockItem[]> =>
      lowStockList.parse(await fetchJson(lowStockQueryKey, { signal })),
  });
}

export function useLowStock() {
  return useQuery(lowStockQueryOptions());
}

/** One key per user: a page opened again while its question is still out knows a reply is awaited. */
export function chatMutationKey(userId: string) {
  return ['/api/chat', 'pharmacist', userId] as const;
}

/**
 * POST /api/chat/pharmacist. Not idempotent on purpose (nothing is recorded):
 * asking again is a new question. 503 `AI_UNAVAILABLE` when the model fails.
 */
export async function askAssistant(request: ChatRequest): Promise<ChatAnswer['data']> {
  const response = await apiRequest('POST', '/api/chat/pharmacist', request);
  return chatAnswerSchema.parse(await response.json()).data;
}
