import { Box, Card, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { AppearanceToggle } from '../../../components/appearance-toggle';
import { LanguageToggle } from '../../../components/language-toggle';

/** The signed-out frame: the page centred on a tinted background, the language switch at the top. */
export function AuthLayout({ children, width = '440px' }: { children: ReactNode; width?: string }) {
  return (
    <Flex direction="column" minHeight="100vh" className="auth-layout">
      <Flex justify="end" gap="2" p="4">
        <AppearanceToggle />
        <LanguageToggle />
      </Flex>
      <Flex flexGrow="1" align="center" justify="center" px="4" pb="9">
        <Box width="100%" maxWidth={width}>
          <Card size="4">{children}</Card>
        </Box>
      </Flex>
    </Flex>
  );
}
