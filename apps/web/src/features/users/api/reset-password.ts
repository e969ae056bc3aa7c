import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function resetUserPassword({
  userId,
  newPassword,
}: {
  userId: string;
  newPassword: string;
}): Promise<void> {
  await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/reset-password`, { newPassword });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
