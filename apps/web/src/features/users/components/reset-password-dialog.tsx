import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { displayNameOf } from '../../../lib/session';
import { useResetUserPassword } from '../api/reset-password';
import { useUserActionFeedback } from '../hooks/use-user-action-feedback';
import type { ManagedUser } from '../utils/group-users';
import { newPasswordProblem } from '../utils/validate-user-forms';
import { useFocusReturn } from '../../../lib/focus-return';

/** "Reset User Password" (specification 001 §2). Give it a new `key` per opening so it starts empty. */
export function ResetPasswordDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: ManagedUser;
}) {
  const focusReturn = useFocusReturn(open);
  const feedback = useUserActionFeedback();
  const reset = useResetUserPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      feedback.invalid(problem);
      return;
    }
    reset.mutate(
      { userId: user.userId, newPassword: password },
      {
        onSuccess: () => {
          feedback.succeeded('resetPassword');
          onOpenChange(false);
        },
        onError: (error) => feedback.failed('resetPassword', error),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !reset.isPending && onOpenChange(next)}>
      <Dialog.Content {...focusReturn} maxWidth="440px">
        <form onSubmit={onSubmit} noValidate>
          <Dialog.Title>
            <FormattedMessage id="users.reset.title" />
          </Dialog.Title>
          <Dialog.Description size="2" mb="4" color="gray">
            <FormattedMessage id="users.reset.description" values={{ name: <bdi>{displayNameOf(user)}</bdi> }} />
          </Dialog.Description>
          <Flex direction="column" gap="3">
            <FormField label={<FormattedMessage id="users.reset.newPassword" />}>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={reset.isPending}
                />
              )}
            </FormField>
            <FormField label={<FormattedMessage id="users.form.confirmPassword" />}>
              {(props) => (
                <TextField.Root
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  value={confirmPassword}
                  onChange={(event) => setConfirmPassword(event.target.value)}
                  disabled={reset.isPending}
                />
              )}
            </FormField>
          </Flex>
          <Flex gap="3" mt="5" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={reset.isPending}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? (
                <FormattedMessage id="users.reset.submitting" />
              ) : (
                <FormattedMessage id="users.reset.submit" />
              )}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
