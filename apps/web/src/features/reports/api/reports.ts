import {
  commissionRowSchema,
  dailyMetricsSchema,
  expiringBatchSchema,
  inventoryBatchSchema,
  saleSchema,
  salesSummarySchema,
  stockSummarySchema,
  type CommissionRow,
  type DailyMetrics,
  type ExpiringBatch,
  type InventoryBatch,
  type Sale,
  type SalesSort,
  type SalesSummary,
  type StockSummary,
} from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJsonAt, fetchPageAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';
import { fetchAllPages, serverPageQueryOptions, useServerPage, type ServerPageRequest } from '../../../lib/server-page';
import {
  EXPIRY_REPORT_DAYS,
  INVENTORY_REPORT_SORT,
  SALES_EXPORT_LIMIT,
  SALES_REPORT_LIMIT,
  type ReportWindow,
} from '../utils/report-period';

// Every report read sits under the key of what changes it, so the writes that
// already refresh those lists refresh the reports too: sales and returns refresh
// `['/api/sales']` (the sales list, the daily metrics, the commission lines and
// the sales summary); receipts, sales, transfers, adjustments and write-offs
// refresh `['/api/inventory']` (the batches, the expiring ones and the stock
// summary, although its path is under /api/reports). Features do not import each
// other, so the sales key is spelled out here.
const salesKey = '/api/sales';

const commissionList = z.array(commissionRowSchema);

const scope = (pharmacyId: string | null) => pharmacyId ?? 'all';
const period = (window: ReportWindow) => [window.startDate ?? '', window.endDate ?? ''] as const;

/** What a report's list is read with, besides its page. */
export interface SalesListRequest {
  window: ReportWindow;
  pharmacyId: string | null;
  /** As typed (sent trimmed): a receipt number or its start, or the customer's name or phone. */
  q: string;
  sort: SalesSort;
}

/**
 * GET /api/sales?limit=100&offset=&sort=&q=&pharmacyId=&startDate=&endDate=:
 * one page (specification 001 §9: 100) of the period's sales, newest first by
 * default; the server counts them all (X-Total-Count).
 */
export function useSalesReportPage(request: SalesListRequest & { page: number }, enabled = true) {
  return useServerPage(saleSchema, { ...salesReportPageRequest(request), enabled });
}

/** The same page's query, for the route to ask for the first page as it opens. */
export function salesReportPageQueryOptions(request: SalesListRequest & { page: number }) {
  return serverPageQueryOptions(saleSchema, salesReportPageRequest(request));
}

function salesReportPageRequest(request: SalesListRequest & { page: number }): ServerPageRequest {
  return {
    path: '/api/sales',
    keyPrefix: [salesKey, 'report'],
    page: request.page,
    pageSize: SALES_REPORT_LIMIT,
    q: request.q,
    sort: request.sort,
    filters: { pharmacyId: request.pharmacyId, ...request.window },
  };
}

/**
 * The sales of the list, page after page in its order, up to `max` (an export
 * of a whole chain's years would not fit in a browser), and how many match.
 */
export async function fetchSalesForExport(
  request: SalesListRequest,
  max = SALES_EXPORT_LIMIT,
): Promise<{ rows: Sale[]; total: number }> {
  const rows: Sale[] = [];
  for (;;) {
    const url = withQuery('/api/sales', {
      pharmacyId: request.pharmacyId,
      ...request.window,
      q: request.q.trim() || undefined,
      sort: request.sort,
      limit: Math.min(500, max - rows.length),
      offset: rows.length,
    });
    const { body, total } = await fetchPageAt(url);
    const page = (body as unknown[]).map((row) => saleSchema.parse(row));
    rows.push(...page);
    if (page.length === 0 || rows.length >= total || rows.length >= max) return { rows, total };
  }
}

/** GET /api/reports/sales-summary: totals of the whole period, and what the sales charts draw. */
export function salesSummaryQueryOptions(window: ReportWindow, pharmacyId: string | null) {
  return queryOptions({
    queryKey: [salesKey, 'summary', scope(pharmacyId), ...period(window)] as const,
    queryFn: async ({ signal }): Promise<SalesSummary> =>
      salesSummarySchema.parse(
        await fetchJsonAt(withQuery('/api/reports/sales-summary', { pharmacyId, ...window }), { signal }),
      ),
  });
}

/** GET /api/sales/metrics/daily: today's sales (the Today's Sales tile, whatever the period). */
export function dailyMetricsQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [salesKey, 'metrics', 'daily', scope(pharmacyId)] as const,
    queryFn: async ({ signal }): Promise<DailyMetrics> =>
      dailyMetricsSchema.parse(await fetchJsonAt(withQuery('/api/sales/metrics/daily', { pharmacyId }), { signal })),
  });
}

/** GET /api/sales/commission-report?pharmacyId=&startDate=&endDate=: the sale lines that earned a commission. */
export function commissionReportQueryOptions(window: ReportWindow, pharmacyId: string | null) {
  return queryOptions({
    queryKey: [salesKey, 'commission-report', scope(pharmacyId), ...period(window)] as const,
    queryFn: async ({ signal }): Promise<CommissionRow[]> =>
      commissionList.parse(
        await fetchJsonAt(withQuery('/api/sales/commission-report', { pharmacyId, ...window }), { signal }),
      ),
  });
}

/** GET /api/inventory?inStock=true&sort=product&pharmacyId=: one page (50) of the batches holding stock, by product. */
export function useInventoryReportPage(pharmacyId: string | null, page: number, enabled = true) {
  return useServerPage(inventoryBatchSchema, {
    path: '/api/inventory',
    page,
    sort: INVENTORY_REPORT_SORT,
    filters: { pharmacyId, inStock: 'true' },
    enabled,
  });
}

/** Every batch of the Inventory report, page after page: what its CSV holds. */
export function fetchInventoryReport(pharmacyId: string | null): Promise<InventoryBatch[]> {
  return fetchAllPages(inventoryBatchSchema, '/api/inventory', {
    pharmacyId,
    inStock: 'true',
    sort: INVENTORY_REPORT_SORT,
  });
}

/**
 * GET /api/inventory/expiring?days=90&sort=expiry&pharmacyId=: one page (50)
 * of the batches expiring within 90 days (expired ones first), under the key
 * Expiry Management's list sits under, so the same writes refresh both.
 */
export function useExpiringReportPage(pharmacyId: string | null, page: number, enabled = true) {
  return useServerPage(expiringBatchSchema, {
    path: '/api/inventory/expiring',
    keyPrefix: [...inventoryQueryKey, 'expiring'],
    page,
    sort: 'expiry',
    filters: { days: EXPIRY_REPORT_DAYS, pharmacyId },
    enabled,
  });
}

/** Every batch of the Expiry report, page after page: what its CSV holds. */
export function fetchExpiringReport(pharmacyId: string | null): Promise<ExpiringBatch[]> {
  return fetchAllPages(expiringBatchSchema, '/api/inventory/expiring', {
    days: EXPIRY_REPORT_DAYS,
    pharmacyId,
    sort: 'expiry',
  });
}

/** GET /api/reports/stock-summary?pharmacyId=: stock value per pharmacy and expiry exposure by month. */
export function stockSummaryQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'stock-summary', scope(pharmacyId)] as const,
    queryFn: async ({ signal }): Promise<StockSummary> =>
      stockSummarySchema.parse(await fetchJsonAt(withQuery('/api/reports/stock-summary', { pharmacyId }), { signal })),
  });
}

// The hooks take `enabled`: the page reads only what the report on screen shows.

export function useSalesSummary(window: ReportWindow, pharmacyId: string | null, enabled = true) {
  return useQuery({ ...salesSummaryQueryOptions(window, pharmacyId), enabled });
}

export function useDailyMetrics(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...dailyMetricsQueryOptions(pharmacyId), enabled });
}

export function useCommissionReport(window: ReportWindow, pharmacyId: string | null, enabled = true) {
  return useQuery({ ...commissionReportQueryOptions(window, pharmacyId), enabled });
}

export function useStockSummary(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...stockSummaryQueryOptions(pharmacyId), enabled });
}
