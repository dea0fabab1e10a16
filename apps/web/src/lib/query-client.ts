import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One cache for the whole session: it survives moving between the routes under this layout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused call (4xx) is an answer, not a hiccup: do not retry it.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
