import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { SidebarUser } from '../../components/sidebar-user';
import { ShellMain } from '../shell-main';
import { useSaveLanguage } from '../../lib/user-settings';
import { LanguageMenu } from '../../components/language-menu';
import { BUSINESS_SECTIONS } from '../../features/business/sections';

export default function BusinessLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const saveLanguage = useSaveLanguage();
  const [opened, { toggle, close }] = useDisclosure(false);
  if (!user) return null;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
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
            {BUSINESS_SECTIONS.map((s) => (
              <NavLink
                key={s}
                component={RouterNavLink}
                to={`/business-dashboard/${s}`}
                label={t(`business.sections.${s}`)}
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
