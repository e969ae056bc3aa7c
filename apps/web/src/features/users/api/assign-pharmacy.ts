import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function assignPharmacy({ userId, pharmacyId }: { userId: string; pharmacyId: string }): Promise<void> {
  await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/pharmacies`, { pharmacyId });
}

export function useAssignPharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPharmacy,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
