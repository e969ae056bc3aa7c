import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';

export function NotFoundPage() {
  return (
    <Flex direction="column" align="center" gap="4" py="9" className="text-center">
      <Text size="9" weight="bold" color="gray" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="7">
        <FormattedMessage id="notFound.title" />
      </Heading>
      <Text as="p" color="gray">
        <FormattedMessage id="notFound.description" />
      </Text>
      <Button asChild size="3">
        <Link to="/">
          <FormattedMessage id="notFound.home" />
        </Link>
      </Button>
    </Flex>
  );
}
