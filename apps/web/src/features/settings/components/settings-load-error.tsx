import { Button, Callout, Flex } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { WarningIcon } from '../../../components/icons';

export function SettingsLoadError({ onRetry, isRetrying }: { onRetry(): void; isRetrying: boolean }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>
          <FormattedMessage id="settings.loadError" />
        </Callout.Text>
        <Button size="2" variant="soft" color="red" onClick={onRetry} loading={isRetrying}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Flex>
    </Callout.Root>
  );
}
