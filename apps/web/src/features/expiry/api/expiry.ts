import {
  expiringBatchSchema,
  expiringSummarySchema,
  expiryScanRunSchema,
  expiryScanStatusSchema,
  inventoryBatchSchema,
  transferDetailSchema,
  type BatchDiscountInput,
  type CreateTransferInput,
  type EndBatchDiscountInput,
  type ExpiringBatch,
  type ExpiringSort,
  type ExpiringSummary,
  type ExpiryScanRun,
  type InventoryBatch,
  type TransferDetail,
  type WriteOffInput,
} from '@pharmacy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest, fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';
import { fetchAllPages, serverPageQueryOptions, useServerPage } from '../../../lib/server-page';
import type { ExpiryWindow } from '../utils/expiry';

// The transfers screen's key (features do not import each other): a transfer made here shows there at once.
const transfersQueryKey = ['/api/transfers'] as const;
// Under the inventory key, so a sale, a receipt, a discount, a transfer or a write-off refreshes the list and its cards.
const expiringQueryKey = [...inventoryQueryKey, 'expiring'] as const;
const EXPIRING_PATH = '/api/inventory/expiring';

export interface ExpiringListRequest {
  days: ExpiryWindow;
  pharmacyId: string | null;
  /** As typed (sent trimmed): the product in either language, its SKU, the batch number or the pharmacy. */
  q: string;
  sort: ExpiringSort;
}

/**
 * GET /api/inventory/expiring?days=&pharmacyId=&q=&sort=&limit=&offset=: one
 * page (50) of the batches with stock expiring within the window, expired
 * ones included; the server searches, sorts and counts them all.
 */
export function useExpiringPage(request: ExpiringListRequest & { page: number }) {
  return useServerPage(expiringBatchSchema, expiringPageRequest(request));
}

/** The page the address names, for the route to read ahead. */
export function expiringPageQueryOptions(request: ExpiringListRequest & { page: number }) {
  return serverPageQueryOptions(expiringBatchSchema, expiringPageRequest(request));
}

function expiringPageRequest(request: ExpiringListRequest & { page: number }) {
  return {
    path: EXPIRING_PATH,
    keyPrefix: expiringQueryKey,
    page: request.page,
    q: request.q,
    sort: request.sort,
    filters: { days: request.days, pharmacyId: request.pharmacyId },
  };
}

/** GET /api/inventory/expiring/summary?days=&pharmacyId=: the three cards, over every batch in the window. */
export function expiringSummaryQueryOptions(days: ExpiryWindow, pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...expiringQueryKey, 'summary', days, pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<ExpiringSummary> =>
      expiringSummarySchema.parse(
        await fetchJsonAt(withQuery(`${EXPIRING_PATH}/summary`, { days, pharmacyId }), { signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useExpiringSummary(days: ExpiryWindow, pharmacyId: string | null) {
  return useQuery(expiringSummaryQueryOptions(days, pharmacyId));
}

/** Every batch the list matches, page after page in its order: what the CSV export holds. */
export function fetchAllExpiring(request: ExpiringListRequest): Promise<ExpiringBatch[]> {
  return fetchAllPages(expiringBatchSchema, EXPIRING_PATH, {
    days: request.days,
    pharmacyId: request.pharmacyId,
    q: request.q.trim() || undefined,
    sort: request.sort,
  });
}

export type { ExpiryScanRun } from '@pharmacy/contracts';
const expiryScanQueryKey = [...inventoryQueryKey, 'expiry-scan'] as const;

/** GET /api/inventory/expiry-scan (administrators): the last run of the nightly scan, null before the first. */
export function expiryScanQueryOptions() {
  return queryOptions({
    queryKey: expiryScanQueryKey,
    queryFn: async ({ signal }): Promise<ExpiryScanRun | null> =>
      expiryScanStatusSchema.parse(await fetchJsonAt('/api/inventory/expiry-scan', { signal })).lastRun,
  });
}

export function useExpiryScan(enabled: boolean) {
  return useQuery({ ...expiryScanQueryOptions(), enabled });
}

/** Whatever moves or changes stock: every stock list, the products' totals and the transfers. */
function invalidateStock(queryClient: ReturnType<typeof useQueryClient>, { transfers = false } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    ...(transfers ? [queryClient.invalidateQueries({ queryKey: transfersQueryKey })] : []),
  ]);
}

/** POST /api/inventory/expiry-scan: records every batch past its expiry date as expired, now. */
export function useRunExpiryScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ExpiryScanRun> => {
      const response = await apiRequest('POST', '/api/inventory/expiry-scan');
      return expiryScanRunSchema.parse(await response.json());
    },
    onSuccess: (run) => {
      queryClient.setQueryData(expiryScanQueryKey, run);
      return invalidateStock(queryClient);
    },
  });
}

export type DiscountAction =
  | { action: 'set'; input: Omit<BatchDiscountInput, 'discountPercentage'> & { discountPercentage: number } }
  | { action: 'end'; batchId: string; input: EndBatchDiscountInput };

/**
 * POST /api/inventory/discount (set or change) or /api/inventory/{id}/discount/end,
 * one Idempotency-Key per action: a retry after a network failure records it once.
 */
export function useBatchDiscount() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (step: DiscountAction): Promise<InventoryBatch> => {
      const response =
        step.action === 'set'
          ? await apiRequest('POST', '/api/inventory/discount', step.input, { idempotencyKey: key.for(step) })
          : await apiRequest('POST', `/api/inventory/${encodeURIComponent(step.batchId)}/discount/end`, step.input, {
              idempotencyKey: key.for(step),
            });
      return inventoryBatchSchema.parse(await response.json());
    },
    onSuccess: () => {
      key.done();
      return invalidateStock(queryClient);
    },
  });
}

/** POST /api/transfers of one batch (its `batchId`): the expiring packs themselves move. */
export function useExpiryTransfer() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async (input: CreateTransferInput): Promise<TransferDetail> => {
      const response = await apiRequest('POST', '/api/transfers', input, { idempotencyKey: key.for(input) });
      return transferDetailSchema.parse(await response.json());
    },
    onSuccess: () => {
      key.done();
      return invalidateStock(queryClient, { transfers: true });
    },
  });
}

export interface WriteOffVariables {
  batchId: string;
  input: WriteOffInput;
}

/** POST /api/inventory/{id}/write-offs: packs destroyed before a witness leave stock. */
export function useWriteOff() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ batchId, input }: WriteOffVariables): Promise<InventoryBatch> => {
      const response = await apiRequest('POST', `/api/inventory/${encodeURIComponent(batchId)}/write-offs`, input, {
        idempotencyKey: key.for({ batchId, input }),
      });
      return inventoryBatchSchema.parse(await response.json());
    },
    onSuccess: () => {
      key.done();
      return invalidateStock(queryClient);
    },
  });
}
