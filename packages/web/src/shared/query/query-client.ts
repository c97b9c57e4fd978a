import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../request';

/** Server-state cache. The request layer already shows errors, so queries do not retry them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
