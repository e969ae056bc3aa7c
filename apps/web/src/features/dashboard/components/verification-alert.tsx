import { Callout, Flex, Text } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { ShieldIcon } from '../../../components/icons';
import { usePermissions } from '../../../lib/authorization';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useLastVerification } from '../api/dashboard-reads';
import { PageLinkButton } from './page-link-button';

/**
 * Administrators and auditors: when the last verification found the read
 * models different from a replay of the event log (or could not finish), a red
 * alert at the top of the dashboard until a later run comes out clean. It is
 * not dismissible: every figure on the dashboard comes from those read models.
 */
export function VerificationAlert() {
  const { canAudit } = usePermissions();
  const verification = useLastVerification(canAudit);
  const dateTime = useDateTimeFormatter();
  const last = verification.data;
  if (!canAudit || !last || (last.status !== 'differences' && last.status !== 'failed')) return null;
  const when = last.finishedAt ?? last.startedAt;
  return (
    <Callout.Root color="red" role="alert" className="dashboard-alert" data-testid="verification-alert">
      <Callout.Icon>
        <ShieldIcon />
      </Callout.Icon>
      <Flex direction={{ initial: 'column', sm: 'row' }} align={{ initial: 'start', sm: 'center' }} gap="3">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text weight="bold" size="2">
            <FormattedMessage id="dashboard.alert.verification.title" />
          </Text>
          <Callout.Text>
            {last.status === 'failed' ? (
              <FormattedMessage
                id="dashboard.alert.verification.failed"
                values={{ date: when ? dateTime(when) : '' }}
              />
            ) : (
              <FormattedMessage
                id="dashboard.alert.verification.description"
                values={{ date: when ? dateTime(when) : '' }}
              />
            )}
          </Callout.Text>
        </Flex>
        <PageLinkButton size="1" variant="solid" color="red" target={{ to: '/audit', search: { tab: 'verification' } }}>
          <FormattedMessage id="dashboard.alert.verification.action" />
        </PageLinkButton>
      </Flex>
    </Callout.Root>
  );
}
