import { Flex, Spinner } from '@radix-ui/themes';
import { useIntl } from 'react-intl';

/** Specification §2: a spinner while the session is being read (and while a redirect is on its way). */
export function FullPageSpinner() {
  const intl = useIntl();
  return (
    <Flex
      align="center"
      justify="center"
      minHeight="100vh"
      role="status"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
    >
      <Spinner size="3" />
    </Flex>
  );
}
