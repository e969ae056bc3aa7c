import { createRoute, type AnyRoute } from '@tanstack/react-router';

/**
 * Stand-ins for the app's pages at `paths` under `parent`: a screen's links to
 * a page show only while the router knows it (`usePageNavigation`,
 * `useRouteExists`), so a test that looks at such a link names the page. The
 * stand-ins draw nothing; going to one is a journey across pages, for the
 * specs under src/app that render the whole app.
 */
export function pageStandIns(parent: AnyRoute, paths: readonly string[]): AnyRoute[] {
  return paths.map((path) => createRoute({ getParentRoute: () => parent, path }));
}
