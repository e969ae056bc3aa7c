import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFocusReturn } from '../lib/focus-return';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  isPending: boolean;
  onConfirm(): void;
}

/** "Are you sure?" before a delete; it stays open until the server answers, since a delete cannot be taken back. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  isPending,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const focusReturn = useFocusReturn(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialog.Content {...focusReturn} maxWidth="450px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </AlertDialog.Cancel>
          {/* A plain button, not AlertDialog.Action, which would close before the server answers. */}
          <Button color="red" onClick={onConfirm} disabled={isPending}>
            {isPending ? <FormattedMessage id="common.deleting" /> : <FormattedMessage id="common.delete" />}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
