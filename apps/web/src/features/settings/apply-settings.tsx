import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserSettings } from '@portal/shared';
import { userSettingsQuery } from '../../lib/user-settings';

export const schemeOf = (theme: UserSettings['theme']) => (theme === 'system' ? 'auto' : theme);

/** After sign-in the user's saved theme applies (the language already comes from lang_code). */
export function ApplyUserSettings() {
  const { data } = useQuery(userSettingsQuery);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (data) setColorScheme(schemeOf(data.theme));
  }, [data, setColorScheme]);
  return null;
}
