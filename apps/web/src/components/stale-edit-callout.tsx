import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { WarningIcon } from './icons';

export interface StaleEditCalloutProps {
  /** What the record holds now, in a sentence. */
  children: ReactNode;
  /** Replaces the form's values with the current ones (the user's edit is dropped). */
  onUseCurrent(): void;
}

/**
 * Someone (or a sale) changed the record after this form was opened, so the
 * edit was refused: shows what it holds now and lets the user start again
 * from there instead of overwriting it.
 */
export function StaleEditCallout({ children, onUseCurrent }: StaleEditCalloutProps) {
  return (
    <Callout.Root color="amber" role="alert" mb="4">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Text weight="bold" size="2">
          <FormattedMessage id="staleEdit.title" />
        </Text>
        <Callout.Text>{children}</Callout.Text>
        <Button type="button" size="2" variant="soft" color="amber" onClick={onUseCurrent}>
          <FormattedMessage id="staleEdit.useCurrent" />
        </Button>
      </Flex>
    </Callout.Root>
  );
}
