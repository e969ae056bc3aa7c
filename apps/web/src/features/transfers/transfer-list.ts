import { transferSorts, type TransferSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, idParam, pageParam, textParam } from '../../lib/list-search';
import { defaultTransferSort, transferPageRequest } from './api/transfers';

/** `/transfers?pharmacy=&q=&sort=&page=`: the list as it was, after a reload or from a shared link. */
export const transferListSearch = z.object({
  page: pageParam,
  q: textParam,
  sort: choiceParam(transferSorts),
  pharmacy: idParam,
});

export const transferListDefaults: { sort: TransferSort } = { sort: defaultTransferSort };

/** The page of transfers the address names. */
export function transferListRequest(search: z.output<typeof transferListSearch>) {
  return transferPageRequest({
    page: search.page ?? 1,
    sort: search.sort ?? transferListDefaults.sort,
    q: search.q ?? '',
    pharmacyId: search.pharmacy ?? null,
  });
}
