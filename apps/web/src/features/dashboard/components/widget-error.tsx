import { Button, Flex, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { RefreshIcon, WarningIcon } from '../../../components/icons';

export interface WidgetErrorProps {
  /** What failed, in the specification's words ("Failed to fetch recent sales"). */
  children: ReactNode;
  /** The reads to ask again. */
  queries: readonly Pick<UseQueryResult, 'refetch' | 'isFetching'>[];
}

/** One widget that could not load: the rest of the dashboard stays usable, and this one can be asked again. */
export function WidgetError({ children, queries }: WidgetErrorProps) {
  const messageId = useId();
  return (
    <Flex direction="column" align="start" gap="2" role="alert">
      <Flex align="center" gap="2">
        <WarningIcon className="danger-icon" aria-hidden="true" />
        <Text size="2" color="red" id={messageId}>
          {children}
        </Text>
      </Flex>
      <Button
        size="1"
        variant="soft"
        color="red"
        aria-describedby={messageId}
        loading={queries.some((query) => query.isFetching)}
        onClick={() => queries.forEach((query) => void query.refetch())}
      >
        <RefreshIcon />
        <FormattedMessage id="common.retry" />
      </Button>
    </Flex>
  );
}
