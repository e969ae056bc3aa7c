import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function deleteUser(userId: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`);
}

/**
 * `onDeleted` runs before the list is read again: the refreshed list no longer
 * has the user, so their card (and the dialog in it) unmounts.
 */
export function useDeleteUser({ onDeleted }: { onDeleted(): void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => onDeleted(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
