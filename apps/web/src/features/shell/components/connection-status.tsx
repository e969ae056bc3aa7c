import { Badge } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOnlineStatus } from '../../../lib/online-status';

/**
 * Issue 15: whether this device has a network connection, in the shell's header.
 * Offline it also says what still works: sales are kept on this device and sent
 * when the connection is back. A live region, so a screen reader hears the change.
 */
export function ConnectionStatus() {
  const intl = useIntl();
  const online = useOnlineStatus();
  return (
    <div
      role="status"
      aria-label={intl.formatMessage({ id: 'shell.connection.label' })}
      className="shell-connection"
      data-online={online}
    >
      <Badge color={online ? 'green' : 'amber'} variant={online ? 'soft' : 'solid'} radius="full">
        <span className="shell-connection-dot" aria-hidden="true" />
        {online ? (
          <FormattedMessage id="shell.connection.online" />
        ) : (
          <FormattedMessage id="shell.connection.offline" />
        )}
      </Badge>
    </div>
  );
}
