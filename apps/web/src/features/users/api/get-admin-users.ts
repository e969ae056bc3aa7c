import { adminUserRowSchema, type AdminUserRow } from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJson } from '../../../lib/api';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

/** Flat rows, one per (user, pharmacy assignment); `groupUserRows` turns them into users. */
export async function getAdminUsers({ signal }: { signal?: AbortSignal } = {}): Promise<AdminUserRow[]> {
  return z.array(adminUserRowSchema).parse(await fetchJson(adminUsersQueryKey, { signal }));
}

export function adminUsersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => getAdminUsers({ signal }) });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
