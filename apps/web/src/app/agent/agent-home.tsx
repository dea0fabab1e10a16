import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { visibleNav } from './nav';

/**
 * /agent-dashboard itself. The spec makes it the task board (index and tasks are the same screen);
 * for a user without the tasks flag it lists the areas they may open instead, so that a refused
 * flag-gated URL (which redirects here) never loops.
 */
export default function AgentHome() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const groups = visibleNav(user);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('agentHome.welcome', { name: user.name })}
      </Title>
      <Text c="dimmed">{t('agentHome.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((g, i) => (
          <Card key={g.label ?? i} withBorder>
            <Text fw={700} mb="xs">
              {g.label ? t(`nav.groups.${g.label}`) : t('agentHome.general')}
            </Text>
            <Stack gap={4}>
              {g.entries
                .filter((e) => !e.level || e.level === 1)
                .map((e) => (
                  <Anchor key={e.path} component={Link} to={`/agent-dashboard/${e.path}`}>
                    {t(`nav.${e.label}`)}
                  </Anchor>
                ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
