import { Button, Card, Checkbox, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '../../lib/toasts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../lib/i18n';
import type { UserSettings } from '@portal/shared';
import { schemeOf } from './apply-settings';
import { userSettingsQuery, useSaveUserSettings } from '../../lib/user-settings';
import { PageHeader } from '../../components/page-header';
import { ListSkeleton } from '../../components/list-skeleton';

/**
 * Settings of the spec (push notifications, email updates, language de/en, theme). Beyond the spec
 * they are saved per user on the server; language and theme apply as soon as they are saved.
 */
export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const settings = useQuery(userSettingsQuery);
  const save = useSaveUserSettings();
  const [draft, setDraft] = useState<UserSettings | null>(null);
  useEffect(() => {
    if (settings.data && !draft) setDraft(settings.data);
  }, [settings.data, draft]);

  if (settings.isError) return <Text c="red">{t('settings.loadError')}</Text>;
  if (!draft) return <ListSkeleton rows={4} />;
  const set = <K extends keyof UserSettings>(k: K, v: UserSettings[K]) => setDraft({ ...draft, [k]: v });

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(draft);
      setColorScheme(schemeOf(saved.theme));
      await switchLanguage(saved.language);
      // i18n.t, not the render's t: the message is in the language just chosen.
      notifications.show({ color: 'green', message: i18n.t('settings.saved') });
    } catch {
      notifications.show({ color: 'red', message: t('settings.saveError') });
    }
  };

  return (
    <Stack maw={560}>
      <PageHeader title={t('settings.title')} />
      <Card withBorder padding="lg">
        <Stack>
          <Checkbox
            label={t('settings.push')}
            checked={draft.push_notifications}
            onChange={(e) => set('push_notifications', e.currentTarget.checked)}
            data-testid="settings-push"
          />
          <Checkbox
            label={t('settings.email')}
            checked={draft.email_updates}
            onChange={(e) => set('email_updates', e.currentTarget.checked)}
            data-testid="settings-email"
          />
          <Select
            label={t('settings.language')}
            data-testid="settings-language"
            allowDeselect={false}
            value={draft.language}
            // The spec offers de and en here; a language chosen elsewhere (fr, ar) stays selectable.
            data={[
              { value: 'de', label: 'Deutsch' },
              { value: 'en', label: 'English' },
              ...(draft.language === 'fr' ? [{ value: 'fr', label: 'Français' }] : []),
              ...(draft.language === 'ar' ? [{ value: 'ar', label: 'العربية' }] : []),
            ]}
            onChange={(v) => v && set('language', v as UserSettings['language'])}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('settings.theme')}
            </Text>
            <SegmentedControl
              data-testid="settings-theme"
              value={draft.theme}
              onChange={(v) => set('theme', v as UserSettings['theme'])}
              data={[
                { value: 'light', label: t('settings.themeLight') },
                { value: 'dark', label: t('settings.themeDark') },
                { value: 'system', label: t('settings.themeSystem') },
              ]}
            />
          </div>
          <Button onClick={() => void submit()} loading={save.isPending} w="fit-content" data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
