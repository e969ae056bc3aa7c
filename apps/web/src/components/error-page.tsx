import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';

/** Shown when rendering a route throws: a way out instead of a blank screen. */
export function ErrorPage({ reset }: { reset?: () => void }) {
  return (
    <Flex direction="column" align="center" gap="4" py="9" role="alert" className="text-center">
      <Heading as="h1" size="7">
        <FormattedMessage id="errorPage.title" />
      </Heading>
      <Text as="p" color="gray">
        <FormattedMessage id="errorPage.description" />
      </Text>
      {reset && (
        <Button size="3" onClick={reset}>
          <FormattedMessage id="common.retry" />
        </Button>
      )}
    </Flex>
  );
}
