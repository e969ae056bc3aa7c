import { QueryClient } from '@tanstack/react-query';
import { onReadModelsBehind } from '../lib/api';

/** How long after a write answered ahead of the read models the lists are fetched again. */
const READ_MODELS_CATCH_UP_MS = 1000;

/**
 * Specification §7/§9: data never goes stale on its own (writes invalidate what
 * they change), is kept 5 minutes after its last user, and nothing is retried
 * or refetched on window focus.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  // A write or a read answered before the read models had the latest write: the lists fetched
  // meanwhile may miss it, so fetch them again a moment later (once, however many answers said so).
  let catchingUp: ReturnType<typeof setTimeout> | null = null;
  onReadModelsBehind(() => {
    catchingUp ??= setTimeout(() => {
      catchingUp = null;
      void client.invalidateQueries();
    }, READ_MODELS_CATCH_UP_MS);
  });
  return client;
}
