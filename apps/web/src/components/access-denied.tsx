import { Callout, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LockIcon } from './icons';

/** What an administrators-only page shows everyone else (the server refuses them too). */
export function AccessDenied({ description }: { description: ReactNode }) {
  return (
    <Flex direction="column" align="center" py="9">
      <Callout.Root color="red" size="3" role="alert" style={{ maxWidth: 560 }}>
        <Callout.Icon>
          <LockIcon width={20} height={20} />
        </Callout.Icon>
        <Heading as="h1" size="5">
          <FormattedMessage id="accessDenied.title" />
        </Heading>
        <Callout.Text>{description}</Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
