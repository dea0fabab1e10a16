import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@portal/shared';
import { api } from '../../lib/api';

export const userSettingsQuery = queryOptions({
  queryKey: ['user-settings'],
  queryFn: () => api<UserSettings>('/user-settings'),
});

export function useSaveUserSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: UserSettings) => api<UserSettings>('/user-settings', { method: 'PUT', body: s }),
    onSuccess: (saved) => qc.setQueryData(userSettingsQuery.queryKey, saved),
  });
}
