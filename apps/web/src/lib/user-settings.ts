import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language, UserSettings } from '@portal/shared';
import { api } from './api';
import i18n from './i18n';
import { notifications } from './toasts';

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

/**
 * A language picked in a sidebar is a choice like the settings page's: saved to the account, so the
 * next session check (which sets the language from the account) keeps it instead of switching back.
 */
export function useSaveLanguage(): (language: Language) => Promise<void> {
  const qc = useQueryClient();
  const save = useSaveUserSettings();
  const { mutateAsync } = save;
  return useCallback(
    async (language: Language) => {
      try {
        const current = await qc.fetchQuery(userSettingsQuery);
        await mutateAsync({ ...current, language });
      } catch {
        notifications.show({ color: 'red', message: i18n.t('settings.saveError') });
      }
    },
    [qc, mutateAsync],
  );
}
