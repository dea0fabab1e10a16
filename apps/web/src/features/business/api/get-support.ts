import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusinessSupportDetail, BusinessSupportList } from '@portal/shared';
import { api } from '../../../lib/api';
import { businessKeys, pageQuery } from './keys';

/** GET /business/support: one keyset page of the own requests. */
export const getBusinessSupport = (cursor?: number, signal?: AbortSignal) =>
  api<BusinessSupportList>(`/business/support?${pageQuery(cursor)}`, { signal });

export function useBusinessSupport(cursor?: number) {
  return useQuery({
    queryKey: businessKeys.support(cursor),
    queryFn: ({ signal }) => getBusinessSupport(cursor, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /business/support/{id}: one own request with its messages and mails. */
export const getBusinessSupportItem = (id: number, signal?: AbortSignal) =>
  api<BusinessSupportDetail>(`/business/support/${id}`, { signal });

export function useBusinessSupportItem(id: number) {
  return useQuery({
    queryKey: businessKeys.supportItem(id),
    queryFn: ({ signal }) => getBusinessSupportItem(id, signal),
  });
}
