import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfile, ProfileInput } from '@portal/shared';
import { api } from '../../../lib/api';
import { recordsKeys } from './keys';

/** GET /business/profile */
export const getProfile = (signal?: AbortSignal) => api<BusinessProfile>('/business/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: recordsKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());

/** PUT /business/profile {kontaktperson?, email?, telefon?} */
export const updateProfile = (body: ProfileInput) =>
  api<{ message: string; profile: BusinessProfile }>('/business/profile', { method: 'PUT', body });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (res) => qc.setQueryData(recordsKeys.profile(), res.profile),
  });
}
