import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api';

/** One cache for the whole session: it survives moving between the routes under this layout. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused call (4xx) is an answer, not a hiccup: do not retry it.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

/**
 * The server-state cache, as a lazy layout route around the screens that read the API through
 * TanStack Query (staff and business areas, shop, status, set-password). The landing page and the
 * public forms do not load it.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
