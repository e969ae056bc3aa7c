import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { WarningIcon } from './icons';

export interface LoadErrorCalloutProps {
  title: ReactNode;
  children?: ReactNode;
  onRetry(): void;
  isRetrying?: boolean;
}

/** A list that could not be loaded: what failed, and a way to ask again. */
export function LoadErrorCallout({ title, children, onRetry, isRetrying = false }: LoadErrorCalloutProps) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Text weight="bold" size="2">
          {title}
        </Text>
        {children && <Callout.Text>{children}</Callout.Text>}
        <Button size="2" variant="soft" color="red" onClick={onRetry} loading={isRetrying}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Flex>
    </Callout.Root>
  );
}
