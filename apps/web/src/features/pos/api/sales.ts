import {
  saleDetailSchema,
  saleReturnSchema,
  saleSchema,
  type CompleteSaleInput,
  type ReturnSaleValues,
  type Sale,
  type SaleDetail,
  type SaleReturn,
} from '@pharmacy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest, fetchJson, fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey, productsQueryKey } from '../../../lib/catalogue';

export const salesQueryKey = ['/api/sales'] as const;
const saleList = z.array(saleSchema);

/** GET /api/sales?limit=&pharmacyId= (newest first). */
export function recentSalesQueryOptions(pharmacyId: string | null, limit = 10) {
  return queryOptions({
    queryKey: [...salesQueryKey, 'recent', pharmacyId ?? 'all', limit] as const,
    queryFn: async ({ signal }): Promise<Sale[]> =>
      saleList.parse(await fetchJsonAt(withQuery('/api/sales', { limit, pharmacyId }), { signal })),
  });
}

export function useRecentSales(pharmacyId: string | null, limit = 10) {
  return useQuery(recentSalesQueryOptions(pharmacyId, limit));
}

/** GET /api/sales/{id}: lines, batches, returns; what a receipt prints. */
export function saleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...salesQueryKey, id] as const,
    queryFn: async ({ signal }): Promise<SaleDetail> =>
      saleDetailSchema.parse(await fetchJson([...salesQueryKey, id], { signal })),
  });
}

export function useSale(id: string | null) {
  return useQuery({ ...saleQueryOptions(id ?? ''), enabled: id !== null });
}

/** A sale changes stock, so the lists of batches and products change with it (an offline sale too, once sent). */
export function invalidateAfterSale(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: salesQueryKey }),
    queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  ]);
}

export interface CompleteSaleVariables {
  input: CompleteSaleInput;
  /** One per checkout (see `ActionKey`); the caller keeps it, as a sale kept offline after a failure reuses it. */
  idempotencyKey: string;
}

/**
 * POST /api/sales/complete with one Idempotency-Key per checkout: pressing
 * Complete Sale again after a network failure records the sale once.
 */
export function useCompleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: CompleteSaleVariables): Promise<SaleDetail> => {
      const response = await apiRequest('POST', '/api/sales/complete', input, { idempotencyKey });
      return saleDetailSchema.parse(await response.json());
    },
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryOptions(sale.id).queryKey, sale);
      void invalidateAfterSale(queryClient);
    },
  });
}

export interface ReturnSaleVariables {
  saleId: string;
  input: ReturnSaleValues;
}

/** POST /api/sales/{id}/returns, keyed like a checkout. */
export function useReturnSale() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ saleId, input }: ReturnSaleVariables): Promise<SaleReturn> => {
      const response = await apiRequest('POST', `/api/sales/${encodeURIComponent(saleId)}/returns`, input, {
        idempotencyKey: key.for({ saleId, input }),
      });
      return saleReturnSchema.parse(await response.json());
    },
    onSuccess: () => {
      key.done();
      return invalidateAfterSale(queryClient);
    },
  });
}
