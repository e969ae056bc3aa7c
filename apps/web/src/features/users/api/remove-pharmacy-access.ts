import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function removePharmacyAccess({
  userId,
  pharmacyId,
}: {
  userId: string;
  pharmacyId: string;
}): Promise<void> {
  await apiRequest(
    'DELETE',
    `/api/admin/users/${encodeURIComponent(userId)}/pharmacies/${encodeURIComponent(pharmacyId)}`,
  );
}

export function useRemovePharmacyAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePharmacyAccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
