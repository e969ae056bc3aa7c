import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { displayNameOf } from '../../../lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useUserActionFeedback } from '../hooks/use-user-action-feedback';
import type { ManagedUser } from '../utils/group-users';
import { useFocusReturn } from '../../../lib/focus-return';

/** Deleting an account cannot be undone, so it is confirmed first. */
export function DeleteUserDialog({
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
  const deleteUser = useDeleteUser({
    onDeleted: () => {
      feedback.succeeded('delete');
      onOpenChange(false);
    },
  });

  const confirm = () =>
    deleteUser.mutate(user.userId, {
      onError: (error) => {
        feedback.failed('delete', error);
        onOpenChange(false);
      },
    });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !deleteUser.isPending && onOpenChange(next)}>
      <AlertDialog.Content {...focusReturn} maxWidth="440px">
        <AlertDialog.Title>
          <FormattedMessage id="users.delete.title" />
        </AlertDialog.Title>
        <AlertDialog.Description size="2">
          <FormattedMessage id="users.delete.description" values={{ name: <bdi>{displayNameOf(user)}</bdi> }} />
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleteUser.isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" onClick={confirm} disabled={deleteUser.isPending}>
            {deleteUser.isPending ? (
              <FormattedMessage id="users.delete.deleting" />
            ) : (
              <FormattedMessage id="users.delete.confirm" />
            )}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
