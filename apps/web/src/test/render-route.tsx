import { afterEach } from '@jest/globals';
import type { CurrentUser } from '@pharmacy/contracts';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
  type FileRoutesByPath,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { RouterContext } from '../app/router';
import type { Language } from '../i18n/languages';
import { RoleProvider } from '../lib/authorization';
import { currentUserQueryKey, type AuthState } from '../lib/session';
import { fakeServer, type FakeHandler } from './fake-server';
import { pageStandIns } from './pages';
import { defaultSettingsRoute } from './signed-in';
import { aUser } from './users';

// A route lent to a test's router is given back to its file's place afterwards, in case the
// same module registry also builds the app's whole route tree.
const lent: Array<() => void> = [];
afterEach(() => {
  for (const giveBack of lent.splice(0)) giveBack();
});

/**
 * One route of the app (`Route` of src/routes/<file>.tsx: its search validation,
 * loader and component) at `path`, for a signed-in user, with a fake server, and
 * without the rest of the app: no other page, no session check, no shell around
 * the pages of `_authenticated` (its stand-in only gives their loaders the
 * signed-in user, as the real layout does). The router knows the `pages` named,
 * as in `renderWithProviders`; journeys across pages are for the specs under
 * src/app, which render the whole app (`renderApp`).
 */
export function renderRoute(
  file: keyof FileRoutesByPath,
  route: AnyRoute,
  {
    path,
    user = aUser(),
    routes,
    language = 'en',
    pages = [],
  }: {
    path: string;
    user?: CurrentUser;
    routes: Record<string, FakeHandler>;
    language?: Language;
    pages?: readonly string[];
  },
) {
  const server = fakeServer({ ...defaultSettingsRoute, ...routes });
  const queryClient = createQueryClient();
  const signedIn: AuthState = { status: 'signedIn', user };
  queryClient.setQueryData(currentUserQueryKey, signedIn);

  // The file's place, e.g. '/_authenticated/discrepancies': the pathless layout '_authenticated', then the page.
  const segments = file.split('/').filter(Boolean);
  const own = segments.pop() ?? '';
  const root = createRootRouteWithContext<RouterContext>()();
  const chain: AnyRoute[] = [];
  for (const segment of segments) {
    const parent = chain.at(-1) ?? root;
    chain.push(
      segment.startsWith('_')
        ? createRoute({ getParentRoute: () => parent, id: segment, beforeLoad: () => ({ currentUser: user }) })
        : createRoute({ getParentRoute: () => parent, path: segment }),
    );
  }
  const parent = chain.at(-1) ?? root;
  // Placed as routeTree.gen.ts places a file's route, but under the stand-ins; given back after the test.
  type Place = { id?: string; path?: string; getParentRoute?: () => AnyRoute };
  const place = (where: Place) => route.update(where as never);
  const { id, path: ownPath, getParentRoute } = route.options as Place;
  place({ id: `/${own}`, path: `/${own}`, getParentRoute: () => parent });
  lent.push(() => place({ id, path: ownPath, getParentRoute }));
  [...chain, route].reduceRight((child, above) => above.addChildren([child]));
  root.addChildren([...pageStandIns(root, pages), chain[0] ?? route]);

  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  const result = render(
    <AppProviders queryClient={queryClient} initialLanguage={language}>
      <RoleProvider role={user.role}>
        <RouterProvider router={router} />
      </RoleProvider>
    </AppProviders>,
  );
  return { ...server, ...result, router, queryClient };
}
