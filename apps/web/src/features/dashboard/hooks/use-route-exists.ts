import { useRouter } from '@tanstack/react-router';

/**
 * Whether the app has a page at `path` yet. The dashboard links to pages of the
 * specification still being built (/pos, /expiry, /transfers, /reports); until
 * their routes exist those controls say so instead of leading to "Page Not
 * Found", and they start working by themselves once the route is added.
 * Outside a router (component tests) there are no pages.
 */
export function useRouteExists(path: string): boolean {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null | undefined;
  return !!router && path in router.routesByPath;
}
