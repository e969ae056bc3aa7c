import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchPageAt, withQuery } from './api';
import { PAGE_SIZE, type PageWindow } from './pagination';

export interface ServerPageRequest {
  /** The list's path, e.g. `/api/products`; also the first segment of the query key, so its writes refresh it. */
  path: string;
  /**
   * Where the query key starts, when not at `path`: a list under another
   * list's path (e.g. `['/api/inventory', 'overview']`) so the writes that
   * refresh that list refresh it too.
   */
  keyPrefix?: readonly string[];
  /** 1-based. */
  page: number;
  pageSize?: number;
  sort?: string;
  /** Search text as typed; sent trimmed, nothing when empty. */
  q?: string;
  /** The list's other filters (empty ones are left out). */
  filters?: Readonly<Record<string, string | number | null | undefined>>;
  enabled?: boolean;
}

/** The query of one page (see `useServerPage`), for a route to prefetch the first page a screen will show. */
export function serverPageQueryOptions<T>(schema: z.ZodType<T>, request: Omit<ServerPageRequest, 'enabled'>) {
  const pageSize = request.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, Math.floor(request.page) || 1);
  const url = withQuery(request.path, {
    ...request.filters,
    q: request.q?.trim() || undefined,
    sort: request.sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return queryOptions({
    queryKey: [...(request.keyPrefix ?? [request.path]), 'page', url] as const,
    queryFn: async ({ signal }) => {
      const { body, total } = await fetchPageAt(url, { signal });
      return { rows: (body as unknown[]).map((row) => schema.parse(row)), total };
    },
  });
}

/**
 * One page of a list the server pages (`limit`, `offset`, `sort`, `q` and the
 * list's filters; the total in `X-Total-Count`), shaped like `paginate` shapes
 * a list in memory, so tables and the pagination bar do not care which. While
 * the next page loads the previous one stays on screen (`isPlaceholderData`).
 */
export function useServerPage<T>(schema: z.ZodType<T>, request: ServerPageRequest) {
  const pageSize = request.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, Math.floor(request.page) || 1);
  const query = useQuery({
    ...serverPageQueryOptions(schema, request),
    placeholderData: keepPreviousData,
    enabled: request.enabled ?? true,
  });
  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const start = (page - 1) * pageSize;
  const window: PageWindow<T> = {
    page,
    pageCount,
    rows,
    from: rows.length === 0 ? 0 : start + 1,
    to: start + rows.length,
    total,
  };
  return { ...query, window };
}

/**
 * Every row of a list the server pages, read page after page (`pageSize`
 * rows each, 500 at most on the server) in the list's order, with the same
 * search and filters as the table: for an export of everything that matches,
 * not just the page on screen.
 */
export async function fetchAllPages<T>(
  schema: z.ZodType<T>,
  path: string,
  params: Readonly<Record<string, string | number | null | undefined>>,
  { pageSize = 500, signal }: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const url = withQuery(path, { ...params, limit: pageSize, offset: rows.length });
    const { body, total } = await fetchPageAt(url, { signal });
    const page = (body as unknown[]).map((row) => schema.parse(row));
    rows.push(...page);
    if (page.length === 0 || rows.length >= total) return rows;
  }
}
