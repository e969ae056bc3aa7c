import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { Language } from '../i18n/languages';
import { RoleProvider, type Role } from '../lib/authorization';

/**
 * Renders inside the app's real providers (query cache, language, theme, toaster)
 * with a fresh cache. `role` plays the signed-in user's role; without it the
 * least privileged default applies, as outside the shell.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    language = 'en',
    role,
    prepare,
    ...options
  }: {
    language?: Language;
    role?: Role;
    /** Seeds the cache before the first render (the signed-in user, for instance). */
    prepare?: (queryClient: QueryClient) => void;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} initialLanguage={language}>
        {role ? <RoleProvider role={role}>{children}</RoleProvider> : children}
      </AppProviders>
    ),
    ...options,
  });
  return { ...result, queryClient };
}
