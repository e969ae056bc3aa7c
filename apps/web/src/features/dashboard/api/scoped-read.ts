import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchJsonAt, withQuery } from '../../../lib/api';

export type ReadParams = Readonly<Record<string, string | number | null | undefined>>;

/**
 * A read of `path` (its segments, e.g. `['/api/inventory', 'fefo']`) with query
 * parameters, parsed with the contract's schema. The key starts with the path's
 * segments, so a write elsewhere that refreshes `['/api/inventory']` or
 * `['/api/sales']` refreshes these too; the parameters follow when there are
 * any. Without them the key is the bare path, the same key the other screens
 * read the whole list under (see lib/catalogue), so they share one cache entry.
 */
export function scopedReadOptions<T>(path: readonly [string, ...string[]], params: ReadParams, schema: z.ZodType<T>) {
  const present = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
  const queryKey = Object.keys(present).length === 0 ? [...path] : [...path, present];
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<T> =>
      schema.parse(await fetchJsonAt(withQuery(path.join('/'), present), { signal })),
  });
}
