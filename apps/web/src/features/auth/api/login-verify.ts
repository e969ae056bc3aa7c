import { messageAnswerSchema, type LoginVerifyInput, type MessageAnswer } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { refreshCurrentUser } from '../../../lib/session';

export async function verifyLogin(input: LoginVerifyInput): Promise<MessageAnswer> {
  const response = await apiRequest('POST', '/api/auth/login-verify', input);
  return messageAnswerSchema.parse(await response.json());
}

/**
 * `onSignedIn` runs before the current user is read again: re-reading it moves the
 * app on (and may unmount the form), so anything the form wants to say goes first.
 * `onUserKnown` runs once the new user is read. Both are hook options rather than
 * `mutate` callbacks, which React Query drops when the form has unmounted. The
 * mutation stays pending until the new user is known, keeping the form disabled.
 */
export function useLoginVerify({
  onSignedIn,
  onUserKnown,
}: {
  onSignedIn(answer: MessageAnswer): void;
  onUserKnown?(): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLogin,
    onSuccess: async (answer) => {
      onSignedIn(answer);
      await refreshCurrentUser(queryClient);
      onUserKnown?.();
    },
  });
}
