import {
  chatAnswerSchema,
  inventoryBatchSchema,
  lowStockItemSchema,
  productSchema,
  type ChatAnswer,
  type ChatRequest,
} from '@pharmacy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { serverPageQueryOptions } from '../../../lib/server-page';
import { CONTEXT_INVENTORY_ROWS } from '../utils/conversation';

// Quick Stats and the context of each question (specification 001 §9) need two counts and
// ten rows: they ask the server for them (X-Total-Count) rather than read the lists whole.
// The dashboard asks for the low-stock count under the same key, so they share it.

/** GET /api/products?limit=1: how many products there are. */
export function productCountQueryOptions() {
  return serverPageQueryOptions(productSchema, { path: '/api/products', page: 1, pageSize: 1 });
}
export function useProductCount() {
  return useQuery(productCountQueryOptions());
}

/**
 * GET /api/inventory/low-stock?limit=1: how many active products are at or
 * below their minimum, in every pharmacy the caller may see. Under the
 * inventory key, so a sale or a receipt refreshes it.
 */
export function lowStockCountQueryOptions() {
  return serverPageQueryOptions(lowStockItemSchema, {
    path: '/api/inventory/low-stock',
    keyPrefix: ['/api/inventory', 'low-stock'],
    page: 1,
    pageSize: 1,
    filters: { pharmacyId: null },
  });
}
export function useLowStockCount() {
  return useQuery(lowStockCountQueryOptions());
}

/** GET /api/inventory?limit=10: the first inventory rows (soonest expiry first), sent with each question. */
export function contextInventoryQueryOptions() {
  return serverPageQueryOptions(inventoryBatchSchema, {
    path: '/api/inventory',
    page: 1,
    pageSize: CONTEXT_INVENTORY_ROWS,
  });
}
export function useContextInventory() {
  return useQuery(contextInventoryQueryOptions());
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
