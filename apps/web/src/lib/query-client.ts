import { QueryClient } from '@tanstack/react-query';

/** apiRequest already retries network failures, 502 and 503; a second retry layer would multiply the waits. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
