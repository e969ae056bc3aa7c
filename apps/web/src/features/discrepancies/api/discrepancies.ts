import {
  stockDiscrepancySchema,
  type DiscrepancyQuery,
  type ResolveDiscrepancyInput,
  type StockDiscrepancy,
} from '@pharmacy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest, fetchJsonAt, withQuery } from '../../../lib/api';

export type DiscrepancyStatusFilter = DiscrepancyQuery['status'];

/** The list's status filters, in the order the screen offers them (read by the route's search schema). */
export const discrepancyStatusFilters = [
  'open',
  'resolved',
  'all',
] as const satisfies readonly DiscrepancyStatusFilter[];

/**
 * Under the sales key rather than the endpoint's own path: a discrepancy is
 * raised when a sale made offline arrives, and whatever records a sale
 * refreshes `['/api/sales']`, so the list and the dashboard's alert follow.
 * The dashboard reads its count under the same prefix.
 */
export const discrepanciesQueryKey = ['/api/sales', 'stock-discrepancies'] as const;
const DISCREPANCIES_PATH = '/api/stock-discrepancies';

/** The most the server lists at once; the screen says so when a list fills it. */
export const DISCREPANCY_LIST_LIMIT = 500;

const discrepancyList = z.array(stockDiscrepancySchema);

export interface DiscrepancyListRequest {
  status: DiscrepancyStatusFilter;
  /** One pharmacy, or null for every pharmacy the caller may see. */
  pharmacyId: string | null;
}

/** GET /api/stock-discrepancies?status=&pharmacyId=&limit=: newest first. */
export function discrepanciesQueryOptions({ status, pharmacyId }: DiscrepancyListRequest) {
  const url = withQuery(DISCREPANCIES_PATH, { status, pharmacyId, limit: DISCREPANCY_LIST_LIMIT });
  return queryOptions({
    queryKey: [...discrepanciesQueryKey, 'list', status, pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<StockDiscrepancy[]> =>
      discrepancyList.parse(await fetchJsonAt(url, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useDiscrepancies(request: DiscrepancyListRequest) {
  return useQuery(discrepanciesQueryOptions(request));
}

export interface ResolveDiscrepancyVariables {
  id: string;
  input: ResolveDiscrepancyInput;
}

/**
 * POST /api/stock-discrepancies/{id}/resolve with one Idempotency-Key per
 * action: pressing Resolve again after a network failure records it once.
 * Whatever the answer, the lists (and the dashboard's count) are read again:
 * a refusal because someone else resolved it first shows it resolved.
 */
export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ id, input }: ResolveDiscrepancyVariables): Promise<StockDiscrepancy> => {
      const response = await apiRequest('POST', `${DISCREPANCIES_PATH}/${encodeURIComponent(id)}/resolve`, input, {
        idempotencyKey: key.for({ id, input }),
      });
      return stockDiscrepancySchema.parse(await response.json());
    },
    onSuccess: () => key.done(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discrepanciesQueryKey }),
  });
}
