import { Theme } from '@radix-ui/themes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster';
import { LanguageProvider } from '../i18n/language-provider';
import type { Language } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { AppearanceProvider, useAppearance } from '../theme/appearance-provider';
import type { Appearance } from '../theme/appearance';

function ThemedApp({ children }: { children: ReactNode }) {
  const { direction } = useLanguage();
  const { appearance } = useAppearance();
  return (
    <Theme accentColor="teal" grayColor="sage" radius="medium" scaling="100%" appearance={appearance}>
      {/* Theme installs its own left-to-right direction provider, so ours must sit inside it. */}
      <Direction.Provider dir={direction}>
        <Toaster>{children}</Toaster>
      </Direction.Provider>
    </Theme>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  initialLanguage?: Language;
  initialAppearance?: Appearance;
}

export function AppProviders({ queryClient, children, initialLanguage, initialAppearance }: AppProvidersProps) {
  return (
    <LanguageProvider initialLanguage={initialLanguage}>
      <AppearanceProvider initialAppearance={initialAppearance}>
        <QueryClientProvider client={queryClient}>
          <ThemedApp>{children}</ThemedApp>
        </QueryClientProvider>
      </AppearanceProvider>
    </LanguageProvider>
  );
}
