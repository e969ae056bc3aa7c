import {
  expirySummarySchema,
  inventoryBatchSchema,
  stockOverviewRowSchema,
  type ExpiryStatus,
  type ExpirySummary,
  type InventorySort,
} from '@pharmacy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';
import { useServerPage } from '../../../lib/server-page';

// The inventory screens read pages and totals the server works out over every
// batch (GET /api/inventory with paging, its expiry summary, the overview).
// Their keys sit under ['/api/inventory'], so a receipt, a correction or a
// product edit (which refresh that key) refresh them too.

/** Specification 001 §9: the FEFO banner names at most 3 batches. */
export const FEFO_BANNER_LIMIT = 3;

/** Batch Management's "Expires Soon" is Expiry Tracking's critical and soon bands together. */
const FEFO_STATUSES: readonly ExpiryStatus[] = ['expired', 'critical', 'soon'];

export interface BatchPageRequest {
  page: number;
  q: string;
  /** Expiry Tracking: the search also finds locations, only batches holding units are listed. */
  tracking?: boolean;
  pharmacyId?: string | null;
  status?: ExpiryStatus | null;
  /** Default: by expiry, most urgent first (every status band is a range of expiry dates). */
  sort?: InventorySort;
}

/** One page (50) of batches. */
export function useBatchPage({
  page,
  q,
  tracking = false,
  pharmacyId = null,
  status = null,
  sort = 'expiry',
}: BatchPageRequest) {
  return useServerPage(inventoryBatchSchema, {
    path: '/api/inventory',
    page,
    q,
    sort,
    filters: {
      pharmacyId,
      status,
      ...(tracking ? { matchLocation: 'true', inStock: 'true' } : {}),
    },
  });
}

/** Batch Management's FEFO banner: the first batches holding units that expired or expire within 30 days. */
export function useFefoBanner() {
  return useServerPage(inventoryBatchSchema, {
    path: '/api/inventory',
    page: 1,
    pageSize: FEFO_BANNER_LIMIT,
    sort: 'expiry',
    filters: { status: FEFO_STATUSES.join(','), inStock: 'true' },
  });
}

/** Expiry Tracking's cards and urgent banner, over every batch that matches the search and location. */
export function useExpirySummary({ q, pharmacyId }: { q: string; pharmacyId: string | null }) {
  const url = withQuery('/api/inventory/expiry-summary', {
    q: q.trim() || undefined,
    matchLocation: 'true',
    pharmacyId,
  });
  return useQuery({
    queryKey: [...inventoryQueryKey, 'expiry-summary', url] as const,
    queryFn: async ({ signal }): Promise<ExpirySummary> =>
      expirySummarySchema.parse(await fetchJsonAt(url, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Inventory → Overview: one page (50) of products with the stock held of each. */
export function useStockOverviewPage({ page, q, sort }: { page: number; q: string; sort: 'name' | 'nameAr' }) {
  return useServerPage(stockOverviewRowSchema, {
    path: '/api/inventory/overview',
    keyPrefix: [...inventoryQueryKey, 'overview'],
    page,
    q,
    sort,
  });
}
