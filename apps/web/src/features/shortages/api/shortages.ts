import {
  shortageItemSchema,
  shortageSummarySchema,
  type ShortageItem,
  type ShortageSort,
  type ShortageSummaryCounts,
} from '@pharmacy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJsonAt, withQuery } from '../../../lib/api';
import { inventoryQueryKey } from '../../../lib/catalogue';
import { fetchAllPages, serverPageQueryOptions, useServerPage } from '../../../lib/server-page';

// Under the inventory key, so a receipt, a sale or a transfer refreshes the list and its cards.
const shortagesQueryKey = [...inventoryQueryKey, 'shortages'] as const;
const SHORTAGES_PATH = '/api/inventory/shortages';

export interface ShortageListRequest {
  pharmacyId: string | null;
  /** As typed (sent trimmed): the product (either language, SKU) or the pharmacy. */
  q: string;
  sort: ShortageSort;
}

/**
 * GET /api/inventory/shortages?pharmacyId=&q=&sort=&limit=&offset=: one page
 * (50) of the products at or below their minimum at a pharmacy, with where to
 * get them; the server searches, sorts and counts them all.
 */
export function useShortagePage(request: ShortageListRequest & { page: number }) {
  return useServerPage(shortageItemSchema, shortagePageRequest(request));
}

/** The page the address names, for the route to read ahead. */
export function shortagePageQueryOptions(request: ShortageListRequest & { page: number }) {
  return serverPageQueryOptions(shortageItemSchema, shortagePageRequest(request));
}

function shortagePageRequest(request: ShortageListRequest & { page: number }) {
  return {
    path: SHORTAGES_PATH,
    keyPrefix: shortagesQueryKey,
    page: request.page,
    q: request.q,
    sort: request.sort,
    filters: { pharmacyId: request.pharmacyId },
  };
}

/** GET /api/inventory/shortages/summary?pharmacyId=&q=: the four cards, over every shortage that matches. */
export function shortageSummaryQueryOptions(pharmacyId: string | null, q = '') {
  const url = withQuery(`${SHORTAGES_PATH}/summary`, { pharmacyId, q: q.trim() || undefined });
  return queryOptions({
    queryKey: [...shortagesQueryKey, 'summary', url] as const,
    queryFn: async ({ signal }): Promise<ShortageSummaryCounts> =>
      shortageSummarySchema.parse(await fetchJsonAt(url, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useShortageSummary(pharmacyId: string | null, q: string) {
  return useQuery(shortageSummaryQueryOptions(pharmacyId, q));
}

/** Every shortage the list matches, page after page in its order: what the CSV export holds. */
export function fetchAllShortages(request: ShortageListRequest): Promise<ShortageItem[]> {
  return fetchAllPages(shortageItemSchema, SHORTAGES_PATH, {
    pharmacyId: request.pharmacyId,
    q: request.q.trim() || undefined,
    sort: request.sort,
  });
}
