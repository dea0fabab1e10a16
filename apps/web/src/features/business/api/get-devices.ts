import { useQuery } from '@tanstack/react-query';
import type { BusinessDevice } from '@portal/shared';
import { api } from '../../../lib/api';
import { businessKeys } from './keys';

/** GET /business/devices: the signage screens of the own record. */
export const getBusinessDevices = (signal?: AbortSignal) =>
  api<{ devices: BusinessDevice[] }>('/business/devices', { signal });

export function useBusinessDevices() {
  return useQuery({ queryKey: businessKeys.devices, queryFn: ({ signal }) => getBusinessDevices(signal) });
}
