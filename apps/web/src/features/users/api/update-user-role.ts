import type { Role } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function updateUserRole({ userId, role }: { userId: string; role: Role }): Promise<void> {
  await apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(userId)}/role`, { role });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    // Refreshed after a refusal too: "last administrator" can mean the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
