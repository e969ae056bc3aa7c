import {
  availabilityRowSchema,
  transferDetailSchema,
  transferSummarySchema,
  type AvailabilityRow,
  type CancelTransferInput,
  type CreateTransferInput,
  type ReceiveTransferInput,
  type TransferDetail,
  type TransferSort,
  type TransferSummary,
} from '@pharmacy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest, fetchJson, fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';
import type { ServerPageRequest } from '../../../lib/server-page';

export const transfersQueryKey = ['/api/transfers'] as const;
const availabilityList = z.array(availabilityRowSchema);

/**
 * A page of the transfer list (GET /api/transfers?pharmacyId&q&sort&limit&offset):
 * the server searches the number, either pharmacy's name and the notes, sorts
 * and pages. Under the transfers key, so every transfer step refreshes it.
 */
export function transferPageRequest({
  page,
  sort,
  q,
  pharmacyId,
}: {
  page: number;
  sort: TransferSort;
  q: string;
  pharmacyId: string | null;
}): ServerPageRequest {
  return { path: '/api/transfers', page, sort, q, filters: { pharmacyId } };
}

/** The list's order until a column header says otherwise: newest first. */
export const defaultTransferSort: TransferSort = '-created';

/**
 * GET /api/transfers/summary?pharmacyId=: how many transfers there are in each
 * status (the tiles count every transfer the list would show, not a page).
 * Under the transfers key, so every transfer step refreshes it.
 */
export function transferSummaryQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...transfersQueryKey, 'summary', pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<TransferSummary> =>
      transferSummarySchema.parse(await fetchJsonAt(withQuery('/api/transfers/summary', { pharmacyId }), { signal })),
  });
}

export function useTransferSummary(pharmacyId: string | null) {
  return useQuery(transferSummaryQueryOptions(pharmacyId));
}

/** GET /api/transfers/{id}: items per source batch, the timeline, and what the caller may do now. */
export function transferQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...transfersQueryKey, id] as const,
    queryFn: async ({ signal }): Promise<TransferDetail> =>
      transferDetailSchema.parse(await fetchJson([...transfersQueryKey, id], { signal })),
  });
}

export function useTransfer(id: string | null) {
  return useQuery({ ...transferQueryOptions(id ?? ''), enabled: id !== null });
}

/**
 * GET /api/inventory/availability?pharmacyId=&q=: products with unexpired stock at
 * the source. Under the inventory key, so anything that changes stock refreshes it.
 */
export function availabilityQueryOptions(pharmacyId: string, q: string, productId?: string) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'availability', pharmacyId, q, productId ?? null] as const,
    queryFn: async ({ signal }): Promise<AvailabilityRow[]> =>
      availabilityList.parse(
        await fetchJsonAt(withQuery('/api/inventory/availability', { pharmacyId, q, productId }), { signal }),
      ),
    // Stock moves with every sale: a picker opened later must not offer yesterday's quantities.
    staleTime: 0,
  });
}

export function useAvailability(pharmacyId: string | null, q: string) {
  return useQuery({ ...availabilityQueryOptions(pharmacyId ?? '', q), enabled: pharmacyId !== null });
}

/**
 * A transfer moves (or reserves) stock: the transfer lists, the stock lists and
 * everything under them (availability, shortages, the products' stock totals) change.
 */
function invalidateAfterTransfer(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transfersQueryKey }),
    queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  ]);
}

/** POST /api/transfers, one Idempotency-Key per request: a retry after a network failure creates one transfer. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (input: CreateTransferInput): Promise<TransferDetail> => {
      const response = await apiRequest('POST', '/api/transfers', input, { idempotencyKey: key.for(input) });
      return transferDetailSchema.parse(await response.json());
    },
    onSuccess: (transfer) => {
      key.done();
      queryClient.setQueryData(transferQueryOptions(transfer.id).queryKey, transfer);
      return invalidateAfterTransfer(queryClient);
    },
  });
}

type TransferStepAction =
  | { action: 'approve'; id: string }
  | { action: 'receive'; id: string; input: ReceiveTransferInput }
  | { action: 'cancel'; id: string; input: CancelTransferInput };

/** POST /api/transfers/{id}/approve | receive | cancel, each keyed like a creation. */
export function useTransferStep() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (step: TransferStepAction): Promise<TransferDetail> => {
      const body = step.action === 'approve' ? undefined : step.input;
      const response = await apiRequest('POST', `/api/transfers/${encodeURIComponent(step.id)}/${step.action}`, body, {
        idempotencyKey: key.for(step),
      });
      return transferDetailSchema.parse(await response.json());
    },
    onSuccess: (transfer) => {
      key.done();
      queryClient.setQueryData(transferQueryOptions(transfer.id).queryKey, transfer);
      return invalidateAfterTransfer(queryClient);
    },
  });
}
