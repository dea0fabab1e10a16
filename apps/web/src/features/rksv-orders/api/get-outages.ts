import { useQuery } from '@tanstack/react-query';
import type { RksvOutage } from '@portal/shared';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

/** GET /rksv-outages?cardId=: the outages of an activated card. */
export function getRksvOutages(cardId: number, signal?: AbortSignal) {
  return api<RksvOutage[]>(`/rksv-outages?cardId=${cardId}`, { signal });
}

export function useRksvOutages(cardId: number) {
  return useQuery({ queryKey: rksvKeys.outages(cardId), queryFn: ({ signal }) => getRksvOutages(cardId, signal) });
}
