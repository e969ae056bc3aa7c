import {
  dailyMetricsSchema,
  expiringBatchSchema,
  fefoItemSchema,
  inventoryBatchSchema,
  lowStockItemSchema,
  productSchema,
  saleSchema,
  verificationRunSchema,
} from '@pharmacy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EXPIRY_ALERT_DAYS, RECENT_SALES_LIMIT } from '../utils/constants';
import { scopedReadOptions } from './scoped-read';

// Every dashboard read takes the location chosen in its dropdown: a pharmacy's
// id, or null for all the pharmacies the caller may see (the server's answer
// without `pharmacyId`).

const productList = z.array(productSchema);
const batchList = z.array(inventoryBatchSchema);

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

/** GET /api/inventory/low-stock: active products at or below their minimum. */
export function lowStockQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/inventory', 'low-stock'], { pharmacyId }, z.array(lowStockItemSchema));
}
export function useLowStock(pharmacyId: string | null) {
  return useQuery(lowStockQueryOptions(pharmacyId));
}

/** GET /api/inventory/expiring?days=30: batches with units expiring within the alert window. */
export function expiringQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(
    ['/api/inventory', 'expiring'],
    { days: EXPIRY_ALERT_DAYS, pharmacyId },
    z.array(expiringBatchSchema),
  );
}
export function useExpiring(pharmacyId: string | null) {
  return useQuery(expiringQueryOptions(pharmacyId));
}

/** GET /api/inventory/fefo: the batches to sell or move first, earliest expiry first. */
export function fefoQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/inventory', 'fefo'], { pharmacyId }, z.array(fefoItemSchema));
}
export function useFefo(pharmacyId: string | null) {
  return useQuery(fefoQueryOptions(pharmacyId));
}

/** GET /api/products: the catalogue, with stock totals in scope. */
export function scopedProductsQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/products'], { pharmacyId }, productList);
}
export function useScopedProducts(pharmacyId: string | null) {
  return useQuery(scopedProductsQueryOptions(pharmacyId));
}

/** GET /api/products/search: name, generic name, brand, SKU or barcode. */
export function productSearchQueryOptions(q: string, pharmacyId: string | null) {
  return scopedReadOptions(['/api/products', 'search'], { q, pharmacyId }, productList);
}

/**
 * The overview table's products: the search's answer while there is a search,
 * the product list otherwise. While a new search runs the previous rows stay
 * (marked as placeholder) rather than the table blinking empty at each pause in typing.
 */
export function useOverviewProducts(pharmacyId: string | null, q: string) {
  return useQuery({
    ...(q ? productSearchQueryOptions(q, pharmacyId) : scopedProductsQueryOptions(pharmacyId)),
    placeholderData: q ? keepPreviousData : undefined,
  });
}

/** GET /api/inventory: the batches in scope, from which the table adds up stock. */
export function scopedInventoryQueryOptions(pharmacyId: string | null) {
  return scopedReadOptions(['/api/inventory'], { pharmacyId }, batchList);
}
export function useScopedInventory(pharmacyId: string | null) {
  return useQuery(scopedInventoryQueryOptions(pharmacyId));
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
