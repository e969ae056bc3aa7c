import {
  stockCountDetailSchema,
  type CountSort,
  type RecordCountsInput,
  type StartCountInput,
  type StockCountDetail,
} from '@pharmacy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest, fetchJson } from '../../../lib/api';
import type { ServerPageRequest } from '../../../lib/server-page';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

export const stockCountsQueryKey = ['/api/stock-counts'] as const;

/**
 * A page of the count list (GET /api/stock-counts?pharmacyId&sort&limit&offset):
 * the server sorts (open counts first by default) and pages. Under the list's
 * key, so starting, counting, posting or cancelling refreshes it.
 */
export function stockCountPageRequest({
  page,
  sort,
  pharmacyId,
}: {
  page: number;
  sort: CountSort;
  pharmacyId: string | null;
}): ServerPageRequest {
  return {
    path: '/api/stock-counts',
    keyPrefix: [...stockCountsQueryKey, 'list'],
    page,
    sort,
    filters: { pharmacyId },
  };
}

/** The list's order until a column header says otherwise: open counts first (they need work), then the newest. */
export const defaultCountSort: CountSort = 'status';

/** GET /api/stock-counts/{id}: the sheet, with what each batch holds now and whether the caller may post. */
export function stockCountQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...stockCountsQueryKey, id] as const,
    queryFn: async ({ signal }): Promise<StockCountDetail> =>
      stockCountDetailSchema.parse(await fetchJson([...stockCountsQueryKey, id], { signal })),
  });
}

export function useStockCount(id: string | null) {
  return useQuery({ ...stockCountQueryOptions(id ?? ''), enabled: id !== null });
}

function keep(queryClient: ReturnType<typeof useQueryClient>, count: StockCountDetail) {
  queryClient.setQueryData(stockCountQueryOptions(count.id).queryKey, count);
  return queryClient.invalidateQueries({ queryKey: [...stockCountsQueryKey, 'list'] });
}

/** POST /api/stock-counts, keyed per action: a retry after a network failure starts one count. */
export function useStartCount() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (input: StartCountInput): Promise<StockCountDetail> => {
      const response = await apiRequest('POST', '/api/stock-counts', input, { idempotencyKey: key.for(input) });
      return stockCountDetailSchema.parse(await response.json());
    },
    onSuccess: (count) => {
      key.done();
      return keep(queryClient, count);
    },
  });
}

/** PUT /api/stock-counts/{id}/counts: a batch counted again replaces its count, so a repeat is harmless. */
export function useRecordCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: RecordCountsInput }): Promise<StockCountDetail> => {
      const response = await apiRequest('PUT', `/api/stock-counts/${encodeURIComponent(id)}/counts`, input);
      return stockCountDetailSchema.parse(await response.json());
    },
    onSuccess: (count) => keep(queryClient, count),
  });
}

export type CountStep = { action: 'post'; id: string } | { action: 'cancel'; id: string; reason: string | null };

/**
 * POST /api/stock-counts/{id}/post (keyed: posting twice moves stock once) or
 * /cancel. Posting moves stock: every stock list refreshes.
 */
export function useCountStep() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (step: CountStep): Promise<StockCountDetail> => {
      const path = `/api/stock-counts/${encodeURIComponent(step.id)}/${step.action}`;
      const response =
        step.action === 'post'
          ? await apiRequest('POST', path, undefined, { idempotencyKey: key.for(step) })
          : await apiRequest('POST', path, { reason: step.reason });
      return stockCountDetailSchema.parse(await response.json());
    },
    onSuccess: (count, step) => {
      key.done();
      return Promise.all([
        keep(queryClient, count),
        ...(step.action === 'post'
          ? [
              queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
              queryClient.invalidateQueries({ queryKey: productsQueryKey }),
            ]
          : []),
      ]);
    },
  });
}
