import { useQuery } from '@tanstack/react-query';
import type { BusinessOverview } from '@portal/shared';
import { api } from '../../../lib/api';
import { businessKeys } from './keys';

/** GET /business/overview: the customer, counts and the newest items. */
export const getBusinessOverview = (signal?: AbortSignal) => api<BusinessOverview>('/business/overview', { signal });

export function useBusinessOverview() {
  return useQuery({ queryKey: businessKeys.overview, queryFn: ({ signal }) => getBusinessOverview(signal) });
}
