import { useQuery } from '@tanstack/react-query';
import { siteCalls, type SiteInfo } from '@portal/shared/contracts';
import { callQuery } from './calls';

/** The seller for imprint, privacy notice and terms, and the emergency hotline (`getSiteInfo`). */
export type { SiteInfo };

export const siteInfoQueryOptions = () =>
  // Changes only with the server's configuration.
  ({ ...callQuery(siteCalls.getSiteInfo, {}), staleTime: 60 * 60_000 });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}

/** A phone number as a tel: link target: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
