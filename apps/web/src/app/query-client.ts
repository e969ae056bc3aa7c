import { QueryClient } from '@tanstack/react-query';

/**
 * Specification §7/§9: data never goes stale on its own (writes invalidate what
 * they change), is kept 5 minutes after its last user, and nothing is retried
 * or refetched on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
