import {
  adminUserRowSchema,
  auditEventPageSchema,
  inventoryBatchSchema,
  periodReportSchema,
  stockCardSchema,
  stockOnHandSchema,
  verificationRunSchema,
  type AdminUserRow,
  type AuditEventPage,
  type InventoryBatch,
  type PeriodReport,
  type StockCard,
  type StockOnHand,
  type VerificationRun,
} from '@pharmacy/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, fetchJson, fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';

// Every audit read sits under one key, so "Verify now" and a refresh reach them all.
const auditQueryKey = ['/api/audit'] as const;
// The dashboard reads the same key (features do not import each other): a run here updates its alert.
export const verificationQueryKey = [...auditQueryKey, 'verification'] as const;
const usersQueryKey = ['/api/admin/users'] as const;

/** The event browser's filters; null or '' for "any". `from`/`to` are instants with an offset. */
export interface EventFilters {
  pharmacyId: string | null;
  type: string | null;
  userId: string | null;
  productId: string | null;
  batchId: string | null;
  from: string | null;
  to: string | null;
}

export const noEventFilters: EventFilters = {
  pharmacyId: null,
  type: null,
  userId: null,
  productId: null,
  batchId: null,
  from: null,
  to: null,
};

export const EVENTS_PAGE_SIZE = 50;

/**
 * GET /api/audit/events: newest first, a page at a time; the next (older) page
 * is asked for with the previous page's `nextCursor`. The names in the events'
 * facts come in the reader's language, so the language is part of the key.
 */
export function auditEventsQueryOptions(filters: EventFilters, lang: 'en' | 'ar') {
  return infiniteQueryOptions({
    queryKey: [...auditQueryKey, 'events', filters, lang] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditEventPage> =>
      auditEventPageSchema.parse(
        await fetchJsonAt(
          withQuery('/api/audit/events', { ...filters, cursor: pageParam, limit: EVENTS_PAGE_SIZE, lang }),
          { signal },
        ),
      ),
    getNextPageParam: (page) => page.nextCursor,
    // The log grows all day: coming back to it shows what happened meanwhile.
    staleTime: 0,
  });
}

/** What a stock card is asked for: a batch, or a product at a pharmacy; optionally within a period. */
export type StockCardSubject = ({ batchId: string } | { productId: string; pharmacyId: string }) & {
  from?: string | null;
  to?: string | null;
};

/** GET /api/audit/stock-card: opening, every movement with the balance after it, closing. */
export function stockCardQueryOptions(subject: StockCardSubject) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'stock-card', subject] as const,
    queryFn: async ({ signal }): Promise<StockCard> =>
      stockCardSchema.parse(await fetchJsonAt(withQuery('/api/audit/stock-card', { ...subject }), { signal })),
    staleTime: 0,
  });
}

/**
 * GET /api/audit/stock-on-hand?verify=true: what the pharmacy held at an
 * instant, from the ledger, together with the server's replay of the log up to
 * that instant and whether both agree.
 */
export function stockOnHandQueryOptions(pharmacyId: string, asOf: string) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'stock-on-hand', pharmacyId, asOf] as const,
    queryFn: async ({ signal }): Promise<StockOnHand> =>
      stockOnHandSchema.parse(
        await fetchJsonAt(withQuery('/api/audit/stock-on-hand', { pharmacyId, asOf, verify: 'true' }), { signal }),
      ),
    staleTime: 0,
  });
}

/** GET /api/audit/period-report: opening, the period's movements by kind and closing, per product and batch. */
export function periodReportQueryOptions(pharmacyId: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'period-report', pharmacyId, from, to] as const,
    queryFn: async ({ signal }): Promise<PeriodReport> =>
      periodReportSchema.parse(
        await fetchJsonAt(withQuery('/api/audit/period-report', { pharmacyId, from, to }), { signal }),
      ),
    staleTime: 0,
  });
}

/** GET /api/audit/verification: the last comparison of the read models with a fresh replay of the log. */
export function verificationQueryOptions() {
  return queryOptions({
    queryKey: verificationQueryKey,
    queryFn: async ({ signal }): Promise<VerificationRun> =>
      verificationRunSchema.parse(await fetchJson(verificationQueryKey, { signal })),
    // While a run is under way (the nightly one, or another administrator's), follow it.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
}

/** POST /api/audit/verification (administrators): verifies now and answers the finished run. */
export function useRunVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<VerificationRun> => {
      const response = await apiRequest('POST', '/api/audit/verification');
      return verificationRunSchema.parse(await response.json());
    },
    onSuccess: (run) => queryClient.setQueryData(verificationQueryKey, run),
  });
}

/** GET /api/admin/users (administrators and auditors): who the events name, for the user filter. */
export function auditUsersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: async ({ signal }): Promise<AdminUserRow[]> =>
      z.array(adminUserRowSchema).parse(await fetchJson(usersQueryKey, { signal })),
  });
}

/**
 * GET /api/inventory?pharmacyId=: the batches to choose one from by number
 * (all the caller may see without a pharmacy). Under the inventory key, so a
 * receipt elsewhere in the app shows here too.
 */
export function batchesQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'audit-batches', pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<InventoryBatch[]> =>
      z.array(inventoryBatchSchema).parse(await fetchJsonAt(withQuery('/api/inventory', { pharmacyId }), { signal })),
  });
}
