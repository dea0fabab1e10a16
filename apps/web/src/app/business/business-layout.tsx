import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { SidebarUser } from '../../components/sidebar-user';
import { ShellMain } from '../shell-main';
import { useSaveLanguage } from '../../lib/user-settings';
import { LanguageMenu } from '../../components/language-menu';
import { SkipLink } from '../../components/skip-link';
import { BUSINESS_SECTIONS } from '../../features/business/sections';
import { useBusinessDevices } from '../../features/business/api/get-devices';

export default function BusinessLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const saveLanguage = useSaveLanguage();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The screens entry only for a customer with signage screens (the spec's conditional entry).
  const devices = useBusinessDevices();
  const hasScreens = (devices.data?.devices.length ?? 0) > 0;
  const entries = BUSINESS_SECTIONS.flatMap((s) =>
    s === 'support' && hasScreens
      ? [
          { path: s, label: t(`business.sections.${s}`) },
          { path: 'screens', label: t('businessData.screens') },
        ]
      : [{ path: s, label: t(`business.sections.${s}`) }],
  );
  if (!user) return null;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Title order={2} size="h4">
              {t('business.title')}
            </Title>
          </Group>
          <LanguageMenu languages={['de', 'en', 'fr', 'ar']} onChange={(l) => void saveLanguage(l)} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-testid="business-sidebar">
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label={t('nav.label')}>
            {entries.map((e) => (
              <NavLink
                key={e.path}
                component={RouterNavLink}
                to={`/business-dashboard/${e.path}`}
                label={e.label}
                onClick={close}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="xs" />
          <Stack gap={6}>
            <SidebarUser />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <ShellMain />
    </AppShell>
  );
}
