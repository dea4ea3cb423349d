import { QueryClient } from '@tanstack/react-query';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * apiRequest already retries network failures, 502 and 503; a second retry layer would multiply the waits.
 * Offline (issue 26): a query with nothing to show still asks once — the service worker answers with the last-seen
 * reads (vite.config.ts) — but data already shown is not refetched on mount or focus while offline, so the changes
 * waiting in the offline queue, already applied to it, are not replaced by that older copy.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: 30_000,
      networkMode: 'offlineFirst',
      refetchOnMount: (query) => !isOffline() || query.state.data === undefined,
      refetchOnWindowFocus: () => !isOffline(),
    },
    mutations: { retry: false },
  },
});
