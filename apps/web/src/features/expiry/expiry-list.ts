import { expiringSorts, type ExpiringSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, idParam, numberChoiceParam, pageParam, textParam } from '../../lib/list-search';
import type { ExpiringListRequest } from './api/expiry';
import { DEFAULT_EXPIRY_WINDOW, EXPIRY_WINDOWS, type ExpiryWindow } from './utils/expiry';

/** `/expiry?days=&pharmacy=&q=&sort=&page=`: the list as it was, after a reload or from a shared link. */
export const expiryListSearch = z.object({
  page: pageParam,
  q: textParam,
  sort: choiceParam(expiringSorts),
  pharmacy: idParam,
  days: numberChoiceParam(EXPIRY_WINDOWS),
});

/** Specification 001 §7: 30 days ahead; the soonest expiry first unless a column header says otherwise. */
export const expiryListDefaults: { sort: ExpiringSort; days: ExpiryWindow } = {
  sort: 'expiry',
  days: DEFAULT_EXPIRY_WINDOW,
};

/** The page of expiring batches the address names. */
export function expiryListRequest(search: z.output<typeof expiryListSearch>): ExpiringListRequest & { page: number } {
  return {
    days: search.days ?? expiryListDefaults.days,
    pharmacyId: search.pharmacy ?? null,
    q: search.q ?? '',
    sort: search.sort ?? expiryListDefaults.sort,
    page: search.page ?? 1,
  };
}
