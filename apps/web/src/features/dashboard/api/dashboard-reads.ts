import {
  dailyMetricsSchema,
  expiringSummarySchema,
  fefoItemSchema,
  lowStockItemSchema,
  productSchema,
  type Product,
  saleSchema,
  stockDiscrepancySchema,
  verificationRunSchema,
  type ExpiringSummary,
} from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJsonAt, fetchPageAt, withQuery } from '../../../lib/api';
import { serverPageQueryOptions, useServerPage } from '../../../lib/server-page';
import { DISCREPANCY_ALERT_LIMIT, EXPIRY_ALERT_DAYS, RECENT_SALES_LIMIT, TABLE_PAGE_SIZE } from '../utils/constants';
import { scopedReadOptions } from './scoped-read';

// Every dashboard read takes the location chosen in its dropdown: a pharmacy's
// id, or null for all the pharmacies the caller may see (the server's answer
// without `pharmacyId`).

const productList = z.array(productSchema);

/** GET /api/sales/metrics/daily: today's sales total and orders. */
export function dailyMetricsQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/sales', 'metrics', 'daily'], { pharmacyId }, dailyMetricsSchema);
}
export function useDailyMetrics(pharmacyId: string | null) {
  return useQuery(dailyMetricsQueryOptions(pharmacyId));
}

/** GET /api/sales?limit=5: the newest sales first. */
export function recentSalesQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/sales'], { limit: RECENT_SALES_LIMIT, pharmacyId }, z.array(saleSchema));
}
export function useRecentSales(pharmacyId: string | null) {
  return useQuery(recentSalesQueryOptions(pharmacyId));
}

/**
 * GET /api/inventory/low-stock?limit=1: how many active products are at or
 * below their minimum (X-Total-Count), without reading the list of them.
 */
export function lowStockCountQueryOptions(pharmacyId: string | null) {
  return serverPageQueryOptions(lowStockItemSchema, {
    path: '/api/inventory/low-stock',
    keyPrefix: ['/api/inventory', 'low-stock'],
    page: 1,
    pageSize: 1,
    filters: { pharmacyId },
  });
}
export function useLowStockCount(pharmacyId: string | null) {
  return useQuery(lowStockCountQueryOptions(pharmacyId));
}

/**
 * GET /api/inventory/expiring/summary?days=30: how many batches with units
 * expire within the alert window (expired ones too), counted by the server.
 * Expiry Management reads its cards under the same key.
 */
export function expiringSummaryQueryOptions(pharmacyId: string | null) {
  return queryOptions({
    queryKey: ['/api/inventory', 'expiring', 'summary', EXPIRY_ALERT_DAYS, pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<ExpiringSummary> =>
      expiringSummarySchema.parse(
        await fetchJsonAt(withQuery('/api/inventory/expiring/summary', { days: EXPIRY_ALERT_DAYS, pharmacyId }), {
          signal,
        }),
      ),
  });
}
export function useExpiringSummary(pharmacyId: string | null) {
  return useQuery(expiringSummaryQueryOptions(pharmacyId));
}

/** GET /api/inventory/fefo: the batches to sell or move first, earliest expiry first. */
export function fefoQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/inventory', 'fefo'], { pharmacyId }, z.array(fefoItemSchema));
}
export function useFefo(pharmacyId: string | null) {
  return useQuery(fefoQueryOptions(pharmacyId));
}

/**
 * GET /api/products?active=true&limit=1: how many products are on sale
 * (X-Total-Count), without reading the catalogue. Under the products key, so
 * a product's edit refreshes it.
 */
export function activeProductsCountQueryOptions() {
  return serverPageQueryOptions(productSchema, {
    path: '/api/products',
    page: 1,
    pageSize: 1,
    filters: { active: 'true' },
  });
}
export function useActiveProductsCount() {
  return useQuery(activeProductsCountQueryOptions());
}

/** By the name the reader sees: `nameAr` (the Arabic name where there is one) for an Arabic reader. */
export type OverviewSort = 'name' | 'nameAr';

/**
 * The overview table's page: ten products by name with their stock in scope,
 * searched on the server (name in both languages, generic name, brand, SKU,
 * barcode). While the next page or search loads the previous rows stay
 * (marked as placeholder) rather than the table blinking empty.
 */
export function useOverviewPage(pharmacyId: string | null, q: string, page: number, sort: OverviewSort) {
  return useServerPage(productSchema, {
    path: '/api/products',
    page,
    pageSize: TABLE_PAGE_SIZE,
    sort,
    q,
    filters: { pharmacyId },
  });
}

/** The most a page of GET /api/products holds. */
const EXPORT_PAGE_SIZE = 500;

/**
 * Every product the overview's search matches, for the export: without a
 * search the product list (the specification's plain array), else its
 * pages, 500 at a time, in the table's order.
 */
export async function fetchOverviewProducts(
  pharmacyId: string | null,
  q: string,
  sort: OverviewSort,
): Promise<Product[]> {
  // The plain list is by English name; an Arabic reader's order takes the pages.
  if (!q && sort === 'name') return productList.parse(await fetchJsonAt(withQuery('/api/products', { pharmacyId })));
  const products: Product[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const url = withQuery('/api/products', { pharmacyId, q, sort, limit: EXPORT_PAGE_SIZE, offset });
    const { body, total } = await fetchPageAt(url);
    const page = productList.parse(body);
    products.push(...page);
    if (page.length === 0 || products.length >= total) return products;
  }
}

/**
 * GET /api/audit/verification (administrators and auditors): the last check of
 * the read models against a replay of the event log. The Audit screen reads the
 * same key, so a run there updates the dashboard's alert.
 */
export function lastVerificationQueryOptions() {
  return scopedReadOptions(['/api/audit', 'verification'], {}, verificationRunSchema);
}
export function useLastVerification(enabled: boolean) {
  return useQuery({ ...lastVerificationQueryOptions(), enabled });
}

/**
 * GET /api/stock-discrepancies?status=open&limit=100: the open discrepancies
 * (sales made offline that the books could not cover, or priced from an old
 * copy), to count them. Under the sales key, as the Discrepancies screen reads
 * them: a sale that arrives (which may raise one) or a resolution there
 * refreshes the alert.
 */
export function openDiscrepanciesQueryOptions(pharmacyId: string | null) {
  const url = withQuery('/api/stock-discrepancies', { status: 'open', pharmacyId, limit: DISCREPANCY_ALERT_LIMIT });
  return queryOptions({
    queryKey: ['/api/sales', 'stock-discrepancies', 'alert', pharmacyId ?? 'all'] as const,
    queryFn: async ({ signal }) => z.array(stockDiscrepancySchema).parse(await fetchJsonAt(url, { signal })),
  });
}
export function useOpenDiscrepancies(pharmacyId: string | null) {
  return useQuery(openDiscrepanciesQueryOptions(pharmacyId));
}
