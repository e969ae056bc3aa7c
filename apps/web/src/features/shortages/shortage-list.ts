import { shortageSorts, type ShortageSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, idParam, pageParam, textParam } from '../../lib/list-search';
import type { ShortageListRequest } from './api/shortages';

/** `/shortages?pharmacy=&q=&sort=&page=`: the list as it was, after a reload or from a shared link. */
export const shortageListSearch = z.object({
  page: pageParam,
  q: textParam,
  sort: choiceParam(shortageSorts),
  pharmacy: idParam,
});

/** The largest deficit first, unless a column header says otherwise. */
export const shortageListDefaults: { sort: ShortageSort } = { sort: '-deficit' };

/** The page of shortages the address names. */
export function shortageListRequest(
  search: z.output<typeof shortageListSearch>,
): ShortageListRequest & { page: number } {
  return {
    pharmacyId: search.pharmacy ?? null,
    q: search.q ?? '',
    sort: search.sort ?? shortageListDefaults.sort,
    page: search.page ?? 1,
  };
}
