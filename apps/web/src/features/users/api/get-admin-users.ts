import { adminUserRowSchema, type UserSort } from '@pharmacy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchPageAt, withQuery } from '../../../lib/api';
import { PAGE_SIZE, type PageWindow } from '../../../lib/pagination';
import { groupUserRows, type ManagedUser } from '../utils/group-users';

export const adminUsersQueryKey = ['/api/admin/users'] as const;
const rowList = z.array(adminUserRowSchema);

export interface AdminUserPageRequest {
  /** 1-based. */
  page: number;
  sort: UserSort;
  /** Name or e-mail, as typed. */
  q: string;
}

/**
 * One page of users (GET /api/admin/users?limit&offset&sort&q): the server
 * pages users, not rows, answering every row (one per pharmacy assignment) of
 * each user on the page and the number of matching users in X-Total-Count.
 * Under the list's key, so every change made on the screen refreshes it.
 */
export function adminUserPageQueryOptions({ page, sort, q }: AdminUserPageRequest) {
  const url = withQuery('/api/admin/users', {
    q: q.trim() || undefined,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'page', url] as const,
    queryFn: async ({ signal }) => {
      const { body, total } = await fetchPageAt(url, { signal });
      return { users: groupUserRows(rowList.parse(body)), total };
    },
  });
}

/** A page of users shaped like `paginate` shapes a list; the previous page stays on screen while the next loads. */
export function useAdminUserPage(request: AdminUserPageRequest) {
  const query = useQuery({ ...adminUserPageQueryOptions(request), placeholderData: keepPreviousData });
  const users = query.data?.users ?? [];
  const total = query.data?.total ?? 0;
  const offset = (request.page - 1) * PAGE_SIZE;
  const window: PageWindow<ManagedUser> = {
    page: request.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    rows: users,
    from: users.length === 0 ? 0 : offset + 1,
    to: offset + users.length,
    total,
  };
  return { ...query, window };
}
