import { registeredUserSchema, type RegisterUserInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function createUser(input: RegisterUserInput): Promise<z.infer<typeof registeredUserSchema>> {
  const response = await apiRequest('POST', '/api/auth/register', input);
  return registeredUserSchema.parse(await response.json());
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
