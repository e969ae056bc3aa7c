import type { ProfileInput } from '@pharmacy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, fetchJson } from '../../../lib/api';
import { currentUserQueryKey } from '../../../lib/session';

export const profileQueryKey = ['/api/settings/profile'] as const;

/**
 * The profile as stored. Read leniently: a user created without a name has empty
 * names, which the form then asks for (the request schema would refuse them).
 */
const storedProfileSchema = z.object({
  firstName: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  lastName: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  email: z.string(),
  phone: z.string().nullable(),
  defaultPharmacyId: z.string().nullable(),
});
export type StoredProfile = z.output<typeof storedProfileSchema>;

export async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<StoredProfile> {
  return storedProfileSchema.parse(await fetchJson(profileQueryKey, { signal }));
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile({ signal }) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export async function updateProfile(input: ProfileInput): Promise<StoredProfile> {
  const response = await apiRequest('PUT', '/api/settings/profile', input);
  return storedProfileSchema.parse(await response.json());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The shell shows the name; the current user carries the default pharmacy.
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
