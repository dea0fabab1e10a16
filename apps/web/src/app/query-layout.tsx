import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

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
