import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { Language } from '../i18n/languages';

/** Renders inside the app's real providers (query cache, language, theme, toaster) with a fresh cache. */
export function renderWithProviders(
  ui: ReactElement,
  { language = 'en', ...options }: { language?: Language } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const queryClient = createQueryClient();
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} initialLanguage={language}>
        {children}
      </AppProviders>
    ),
    ...options,
  });
  return { ...result, queryClient };
}
