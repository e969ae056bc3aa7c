import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';

export type UserAction = 'role' | 'assign' | 'unassign' | 'delete' | 'resetPassword' | 'create';

const failures = {
  role: { id: 'users.error.role' },
  assign: { id: 'users.error.assign' },
  unassign: { id: 'users.error.unassign' },
  delete: { id: 'users.error.delete' },
  resetPassword: { id: 'users.error.resetPassword' },
  create: { id: 'users.error.create' },
} as const satisfies Record<UserAction, { id: MessageId }>;

const successes = {
  role: { id: 'users.success.role' },
  assign: { id: 'users.success.assign' },
  unassign: { id: 'users.success.unassign' },
  delete: { id: 'users.success.delete' },
  resetPassword: { id: 'users.success.resetPassword' },
  create: { id: 'users.success.create' },
} as const satisfies Record<UserAction, { id: MessageId }>;

/**
 * Refusals the server explains with a code (specification 001 §6), shown under
 * "Action Blocked" in the reader's language. The English texts are the server's own.
 */
function blockedMessage(code: string, action: UserAction): { id: MessageId } | undefined {
  switch (code) {
    case 'OWN_ROLE':
      return { id: 'users.blocked.ownRole' };
    case 'OWN_ACCOUNT':
      return { id: 'users.blocked.ownAccount' };
    case 'LAST_ADMIN':
      return action === 'delete' ? { id: 'users.blocked.lastAdminDelete' } : { id: 'users.blocked.lastAdminRole' };
    default:
      return undefined;
  }
}

const knownErrors: Record<string, { id: MessageId }> = {
  EMAIL_TAKEN: { id: 'users.error.emailTaken' },
};

/** Specification 001 §8: "Success"/"Error" toasts with the exact texts, and "Action Blocked" for refusals. */
export function useUserActionFeedback() {
  const intl = useIntl();
  const { toast } = useToast();

  const succeeded = useCallback(
    (action: UserAction) =>
      toast({
        title: intl.formatMessage({ id: 'common.success' }),
        description: intl.formatMessage(successes[action]),
      }),
    [intl, toast],
  );

  const failed = useCallback(
    (action: UserAction, error: unknown) => {
      const apiError = apiErrorOf(error);
      const blocked = apiError && blockedMessage(apiError.code, action);
      if (blocked) {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'users.blocked.title' }),
          description: intl.formatMessage(blocked),
        });
        return;
      }
      const known = apiError && knownErrors[apiError.code];
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'common.error' }),
        description: known
          ? intl.formatMessage(known)
          : (translateValidationMessage(intl, apiError?.message) ?? intl.formatMessage(failures[action])),
      });
    },
    [intl, toast],
  );

  const invalid = useCallback(
    (problem: { id: MessageId }) =>
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'users.validation.title' }),
        description: intl.formatMessage(problem),
      }),
    [intl, toast],
  );

  return { succeeded, failed, invalid };
}
