import { userPharmacySchema, type UserPharmacy } from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJson } from '../../../lib/api';

const assignments = z.array(userPharmacySchema);

/** GET /api/users/{id}/pharmacies: a pharmacist's assignments, in the order they were made. */
export function userPharmaciesQueryOptions(userId: string) {
  const queryKey = ['/api/users', userId, 'pharmacies'] as const;
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<UserPharmacy[]> => assignments.parse(await fetchJson(queryKey, { signal })),
  });
}

export function useUserPharmacies(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...userPharmaciesQueryOptions(userId), enabled });
}
