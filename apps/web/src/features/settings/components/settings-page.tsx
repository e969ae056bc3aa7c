import { Box, Heading, Tabs, Text } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SystemSettingsTab } from './system-settings-tab';

/** /settings (specification §2): Profile, System, Notifications and Security, each saved on its own. */
export function SettingsPage() {
  return (
    <Box>
      <Heading as="h1" size="7">
        <FormattedMessage id="settings.title" />
      </Heading>
      <Text as="p" color="gray" mt="1" mb="5">
        <FormattedMessage id="settings.subtitle" />
      </Text>
      <Tabs.Root defaultValue="profile">
        <Tabs.List wrap="wrap">
          <Tabs.Trigger value="profile">
            <FormattedMessage id="settings.tab.profile" />
          </Tabs.Trigger>
          <Tabs.Trigger value="system">
            <FormattedMessage id="settings.tab.system" />
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications">
            <FormattedMessage id="settings.tab.notifications" />
          </Tabs.Trigger>
          <Tabs.Trigger value="security">
            <FormattedMessage id="settings.tab.security" />
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="5" maxWidth="720px">
          <Tabs.Content value="profile">
            <ProfileTab />
          </Tabs.Content>
          <Tabs.Content value="system">
            <SystemSettingsTab section="system" />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <SystemSettingsTab section="notifications" />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Box>
  );
}
