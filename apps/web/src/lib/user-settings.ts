import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language } from '@portal/shared';
import { usersCalls } from '@portal/shared/contracts';
import { callQuery, useCallMutation } from './calls';
import i18n from './i18n';
import { notifications } from './toasts';

/** The caller's settings (`getUserSettings`). */
export const userSettingsQuery = callQuery(usersCalls.getUserSettings, {});

/** Saves them (`updateUserSettings`); the answer is the new cached value, nothing else is refetched. */
export function useSaveUserSettings() {
  const qc = useQueryClient();
  return useCallMutation(usersCalls.updateUserSettings, {
    invalidates: [],
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
