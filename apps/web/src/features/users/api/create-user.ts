import { registeredUserSchema, type RegisterUserInput } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { adminUsersQueryKey } from './get-admin-users';

export async function createUser(
  input: RegisterUserInput,
  idempotencyKey?: string,
): Promise<z.infer<typeof registeredUserSchema>> {
  const response = await apiRequest('POST', '/api/auth/register', input, { idempotencyKey });
  return registeredUserSchema.parse(await response.json());
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (input: RegisterUserInput) => createUser(input, key.for(input)),
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
}
