import { Box, Container, Flex, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PharmacyIcon } from '../../../components/icons';
import { LanguageToggle } from './language-toggle';

/** A top bar for the foundation slice; the signed-in sidebar shell replaces it later. */
export function AppLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const appName = intl.formatMessage({ id: 'app.name' });

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <Flex direction="column" minHeight="100vh">
      <header className="app-top-bar">
        <Container size="4" px="4">
          <Flex align="center" justify="between" gap="4" py="3" wrap="wrap">
            <Flex align="center" gap="5" wrap="wrap">
              <Link to="/" className="app-brand">
                <PharmacyIcon width={22} height={22} />
                <Text size="4" weight="bold">
                  {appName}
                </Text>
              </Link>
              <nav aria-label={intl.formatMessage({ id: 'nav.label' })}>
                <Link to="/locations" className="app-nav-link">
                  <FormattedMessage id="nav.locations" />
                </Link>
              </nav>
            </Flex>
            <LanguageToggle />
          </Flex>
        </Container>
      </header>
      <Box asChild flexGrow="1">
        <main>
          <Container size="4" px="4" py="6">
            {children}
          </Container>
        </main>
      </Box>
    </Flex>
  );
}
