import { userSorts, type UserSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, pageParam, textParam } from '../../lib/list-search';
import type { AdminUserPageRequest } from './api/get-admin-users';

/** `/user-management?q=&sort=&page=`: the list as it was, after a reload or from a shared link. */
export const userListSearch = z.object({ page: pageParam, q: textParam, sort: choiceParam(userSorts) });

/** By name unless another order is chosen. */
export const userListDefaults: { sort: UserSort } = { sort: 'name' };

/** The page of users the address names. */
export function userListRequest(search: z.output<typeof userListSearch>): AdminUserPageRequest {
  return { page: search.page ?? 1, sort: search.sort ?? userListDefaults.sort, q: search.q ?? '' };
}
