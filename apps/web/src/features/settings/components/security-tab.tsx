import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { KeyIcon, LogoutIcon, ShieldIcon } from '../../../components/icons';
import { browserNavigation, LOGOUT_URL } from '../../../lib/browser';
import { useSignedInUser } from '../../../lib/session';
import { AuthenticatorSection } from './authenticator-section';

/** Specification §2, Security: the session, who manages passwords, and (ours) the authenticator app. */
export function SecurityTab() {
  const user = useSignedInUser();
  return (
    <Flex direction="column" gap="4">
      <Card size="3">
        <Flex justify="between" align="start" gap="4" wrap="wrap">
          <div>
            <Flex align="center" gap="2">
              <Heading as="h2" size="4">
                <FormattedMessage id="settings.security.session.title" />
              </Heading>
              <Badge color="green" size="2">
                <FormattedMessage id="settings.security.session.active" />
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray" mt="1">
              <FormattedMessage
                id="settings.security.session.description"
                values={{ email: <bdi className="ltr-value">{user.email}</bdi> }}
              />
            </Text>
          </div>
          {/* Specification §2: the Security tab signs out through the server's navigation target. */}
          <Button variant="soft" color="red" onClick={() => browserNavigation.assign(LOGOUT_URL)}>
            <LogoutIcon className="icon-flip-rtl" />
            <FormattedMessage id="settings.security.signOut" />
          </Button>
        </Flex>
      </Card>

      <Card size="3">
        <Flex gap="3" align="start">
          <KeyIcon width={20} height={20} className="settings-card-icon" />
          <div>
            <Heading as="h2" size="4">
              <FormattedMessage id="settings.security.password.title" />
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              <FormattedMessage id="settings.security.password.description" />
            </Text>
          </div>
        </Flex>
      </Card>

      <Card size="3">
        <Flex gap="3" align="start">
          <ShieldIcon width={20} height={20} className="settings-card-icon" />
          <div className="grow">
            <AuthenticatorSection />
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}
