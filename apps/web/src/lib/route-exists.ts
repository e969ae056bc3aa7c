import { useRouter } from '@tanstack/react-router';

/** What a page link may pass on in the address, e.g. `/transfers?from=…&product=…`. */
export type PageSearch = Readonly<Record<string, string | number>>;

/**
 * A way to open the page at `path` (with search parameters, if given), or null
 * while the app has no such page. Controls that lead to pages of the
 * specification still to be built stay hidden until the page's route exists,
 * like the sidebar's `built` flags, and appear by themselves once it does.
 * Outside a router (component tests) there are no pages.
 */
export function usePageNavigation(path: string): ((search?: PageSearch) => void) | null {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null | undefined;
  if (!router || !(path in router.routesByPath)) return null;
  // The path is checked at run time, so the typed route union cannot vouch for it (nor for its search).
  return (search) => void router.navigate({ to: path as never, search: (search ?? {}) as never });
}
