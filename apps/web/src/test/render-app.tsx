import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import type { Language } from '../i18n/languages';

/** The whole app (real routes, providers and cache) at `path`, on a memory history. */
export function renderApp({ path = '/', language = 'en' }: { path?: string; language?: Language } = {}) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <AppProviders queryClient={queryClient} initialLanguage={language}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, pathname: () => router.state.location.pathname };
}
