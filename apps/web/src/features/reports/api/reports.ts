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
  type SalesSummary,
  type StockSummary,
} from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';
import { EXPIRY_REPORT_DAYS, SALES_REPORT_LIMIT, type ReportWindow } from '../utils/report-period';

// Every report read sits under the key of what changes it, so the writes that
// already refresh those lists refresh the reports too: sales and returns refresh
// `['/api/sales']` (the sales list, the daily metrics, the commission lines and
// the sales summary); receipts, sales, transfers, adjustments and write-offs
// refresh `['/api/inventory']` (the batches, the expiring ones and the stock
// summary, although its path is under /api/reports). Features do not import each
// other, so the sales key is spelled out here.
const salesKey = '/api/sales';

const saleList = z.array(saleSchema);
const batchList = z.array(inventoryBatchSchema);
const expiringList = z.array(expiringBatchSchema);
const commissionList = z.array(commissionRowSchema);

const scope = (pharmacyId: string | null) => pharmacyId ?? 'all';
const period = (window: ReportWindow) => [window.startDate ?? '', window.endDate ?? ''] as const;

/** GET /api/sales?limit=100&pharmacyId=&startDate=&endDate=: the newest sales of the period. */
export function salesReportQueryOptions(window: ReportWindow, pharmacyId: string | null) {
  return queryOptions({
    queryKey: [salesKey, 'report', scope(pharmacyId), ...period(window)] as const,
    queryFn: async ({ signal }): Promise<Sale[]> =>
      saleList.parse(
        await fetchJsonAt(withQuery('/api/sales', { limit: SALES_REPORT_LIMIT, pharmacyId, ...window }), { signal }),
      ),
  });
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

/** GET /api/inventory?pharmacyId=: the batches (the Inventory report's rows). */
export function inventoryReportQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'report', scope(pharmacyId)] as const,
    queryFn: async ({ signal }): Promise<InventoryBatch[]> =>
      batchList.parse(await fetchJsonAt(withQuery('/api/inventory', { pharmacyId }), { signal })),
  });
}

/**
 * GET /api/inventory/expiring?days=90&pharmacyId=. The key is the one Expiry
 * Management reads the same answer under, so the two screens share it.
 */
export function expiringReportQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'expiring', EXPIRY_REPORT_DAYS, scope(pharmacyId)] as const,
    queryFn: async ({ signal }): Promise<ExpiringBatch[]> =>
      expiringList.parse(
        await fetchJsonAt(withQuery('/api/inventory/expiring', { days: EXPIRY_REPORT_DAYS, pharmacyId }), { signal }),
      ),
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

export function useSalesReport(window: ReportWindow, pharmacyId: string | null, enabled = true) {
  return useQuery({ ...salesReportQueryOptions(window, pharmacyId), enabled });
}

export function useSalesSummary(window: ReportWindow, pharmacyId: string | null, enabled = true) {
  return useQuery({ ...salesSummaryQueryOptions(window, pharmacyId), enabled });
}

export function useDailyMetrics(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...dailyMetricsQueryOptions(pharmacyId), enabled });
}

export function useCommissionReport(window: ReportWindow, pharmacyId: string | null, enabled = true) {
  return useQuery({ ...commissionReportQueryOptions(window, pharmacyId), enabled });
}

export function useInventoryReport(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...inventoryReportQueryOptions(pharmacyId), enabled });
}

export function useExpiringReport(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...expiringReportQueryOptions(pharmacyId), enabled });
}

export function useStockSummary(pharmacyId: string | null, enabled = true) {
  return useQuery({ ...stockSummaryQueryOptions(pharmacyId), enabled });
}
