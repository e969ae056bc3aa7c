import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface FormDialogFooterProps {
  /** While the save runs both buttons are disabled and the submit button shows `pendingLabel`. */
  isPending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: ReactNode;
  /** Further reasons to keep the submit button disabled (e.g. a required field still empty). */
  submitDisabled?: boolean;
}

/** The Cancel and submit buttons at the foot of a form dialog. */
export function FormDialogFooter({
  isPending,
  submitLabel,
  pendingLabel = <FormattedMessage id="common.saving" />,
  submitDisabled = false,
}: FormDialogFooterProps) {
  return (
    <Flex gap="3" mt="5" justify="end">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray" disabled={isPending}>
          <FormattedMessage id="common.cancel" />
        </Button>
      </Dialog.Close>
      <Button type="submit" disabled={isPending || submitDisabled}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </Flex>
  );
}
