import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** GET /web/site-info: the seller for imprint, privacy notice and terms, and the emergency hotline. */
export interface SiteInfo {
  seller: {
    name: string;
    address: string;
    uid: string;
    email: string;
    phone: string;
    register: string;
    court: string;
    authority: string;
  };
  hotline: string;
}

export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return api<SiteInfo>('/web/site-info', { signal });
}

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site-info'],
    queryFn: ({ signal }) => getSiteInfo(signal),
    // Changes only with the server's configuration.
    staleTime: 60 * 60_000,
  });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}

/** A phone number as a tel: link target: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
