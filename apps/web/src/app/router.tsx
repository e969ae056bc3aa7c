import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../components/not-found-page';
import { routeTree } from '../routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` is for tests (a memory history); the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, { history }: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Specification §2: /LOCATIONS and /locations are the same page.
    caseSensitive: false,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ({ reset }) => <ErrorPage reset={reset} />,
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router must not keep its own copy of loader results.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
