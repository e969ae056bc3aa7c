import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { Language } from '../i18n/languages';
import { RoleProvider, type Role } from '../lib/authorization';
import { pageStandIns } from './pages';

/**
 * Renders inside the app's real providers (query cache, language, theme, toaster)
 * with a fresh cache. `role` plays the signed-in user's role; without it the
 * least privileged default applies, as outside the shell. With `path` (e.g.
 * `/products?page=2`), inside a router at that address, for screens that keep
 * their state in it (list pages); the router knows only the `pages` named
 * (e.g. `['/audit']`), so links to any other page stay hidden as they do
 * without one.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    language = 'en',
    role,
    prepare,
    path,
    pages = [],
    ...options
  }: {
    language?: Language;
    role?: Role;
    path?: string | undefined;
    /** Pages the router knows (with `path`), so that links to them show. */
    pages?: readonly string[];
    /** Seeds the cache before the first render (the signed-in user, for instance). */
    prepare?: (queryClient: QueryClient) => void;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  const root = createRootRoute();
  const router =
    path === undefined
      ? undefined
      : createRouter({
          routeTree: pages.length === 0 ? root : root.addChildren(pageStandIns(root, pages)),
          history: createMemoryHistory({ initialEntries: [path] }),
        });
  const result = render(router ? <RouterContextProvider router={router}>{ui}</RouterContextProvider> : ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} initialLanguage={language}>
        {role ? <RoleProvider role={role}>{children}</RoleProvider> : children}
      </AppProviders>
    ),
    ...options,
  });
  /** The address's search now, as the page wrote it (`?page=2&q=amx`). */
  const address = () => router?.state.location.searchStr ?? '';
  return { ...result, queryClient, address };
}
