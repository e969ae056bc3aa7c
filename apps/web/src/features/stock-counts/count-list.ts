import { countSorts, type CountSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, idParam, pageParam } from '../../lib/list-search';
import { defaultCountSort, stockCountPageRequest } from './api/stock-counts';

/** `/stock-counts?pharmacy=&sort=&page=`: the list as it was, after a reload or from a shared link. */
export const countListSearch = z.object({ page: pageParam, sort: choiceParam(countSorts), pharmacy: idParam });

export const countListDefaults: { sort: CountSort } = { sort: defaultCountSort };

/** The page of counts the address names. */
export function countListRequest(search: z.output<typeof countListSearch>) {
  return stockCountPageRequest({
    page: search.page ?? 1,
    sort: search.sort ?? countListDefaults.sort,
    pharmacyId: search.pharmacy ?? null,
  });
}
