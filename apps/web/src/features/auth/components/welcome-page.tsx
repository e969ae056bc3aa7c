import { Box, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BoxesIcon, CartIcon, ClockIcon, PharmacyIcon, SparklesIcon } from '../../../components/icons';
import { AppearanceToggle } from '../../../components/appearance-toggle';
import { LanguageToggle } from '../../../components/language-toggle';
import type { MessageId } from '../../../i18n/messages';

interface Feature {
  icon: ComponentType<Omit<SVGProps<SVGSVGElement>, 'children'>>;
  title: { id: MessageId };
  text: { id: MessageId };
}

/** Specification §2, welcome page: the four features, in this order. */
const features: Feature[] = [
  { icon: SparklesIcon, title: { id: 'welcome.feature.ai.title' }, text: { id: 'welcome.feature.ai.text' } },
  { icon: BoxesIcon, title: { id: 'welcome.feature.inventory.title' }, text: { id: 'welcome.feature.inventory.text' } },
  { icon: CartIcon, title: { id: 'welcome.feature.pos.title' }, text: { id: 'welcome.feature.pos.text' } },
  { icon: ClockIcon, title: { id: 'welcome.feature.expiry.title' }, text: { id: 'welcome.feature.expiry.text' } },
];

/** What a signed-out visitor sees at / (specification §2). */
export function WelcomePage() {
  const intl = useIntl();
  return (
    <Flex direction="column" minHeight="100vh" className="auth-layout">
      <Flex justify="end" gap="2" p="4">
        <AppearanceToggle />
        <LanguageToggle />
      </Flex>
      <Flex direction="column" align="center" gap="6" px="4" pt="6" pb="9" flexGrow="1">
        <Flex direction="column" align="center" gap="3" className="text-center" maxWidth="720px">
          <Box className="welcome-logo" aria-hidden="true">
            <PharmacyIcon width={40} height={40} />
          </Box>
          <Heading as="h1" size="8">
            <FormattedMessage id="welcome.title" />
          </Heading>
          <Text as="p" size="4" color="gray">
            <FormattedMessage id="welcome.tagline" />
          </Text>
        </Flex>

        <Grid asChild columns={{ initial: '1', sm: '2' }} gap="4" width="100%" maxWidth="760px">
          <ul className="welcome-features" aria-label={intl.formatMessage({ id: 'welcome.features.label' })}>
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title.id}>
                <Card size="3" className="welcome-feature">
                  <Flex gap="3" align="start">
                    <Box className="welcome-feature-icon" aria-hidden="true">
                      <Icon width={20} height={20} />
                    </Box>
                    <Box>
                      <Heading as="h2" size="3" mb="1">
                        {intl.formatMessage(title)}
                      </Heading>
                      <Text as="p" size="2" color="gray">
                        {intl.formatMessage(text)}
                      </Text>
                    </Box>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        </Grid>

        <Flex direction="column" align="center" gap="3">
          <Button asChild size="4">
            <Link to="/login">
              <FormattedMessage id="welcome.login" />
            </Link>
          </Button>
          <Text as="p" size="2" color="gray" className="text-center">
            <FormattedMessage id="welcome.unifiedLogin" />
          </Text>
        </Flex>
      </Flex>
    </Flex>
  );
}
