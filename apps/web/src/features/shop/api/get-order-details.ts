import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopCalls as calls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** Order, provider status and payment summary of a checkout session (`getRksvOrderDetails`), loaded once: never stale, no refetch. */
export const orderDetailsQueryOptions = (sessionId: string) =>
  queryOptions({
    ...callQuery(calls.getRksvOrderDetails, { session_id: sessionId }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useOrderDetails(sessionId: string | null) {
  return useQuery({ ...orderDetailsQueryOptions(sessionId ?? ''), enabled: !!sessionId });
}
