import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TasksOverview } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useStatsFormat } from '../format';

/** The overview's cards: counts by state, overdue, completion rate and average time to done. */
export function StatCards({ overview }: { overview: TasksOverview }) {
  const { t } = useTranslation();
  const { number } = useStatsFormat();
  const cards: { key: string; label: string; value: string; color?: string }[] = [
    { key: 'total', label: t('stats.cards.total'), value: number(overview.total, 0) },
    { key: 'open', label: t('stats.cards.open'), value: number(overview.open, 0) },
    { key: 'completed', label: t('stats.cards.completed'), value: number(overview.completed, 0) },
    { key: 'closed', label: t('stats.cards.closed'), value: number(overview.closed, 0) },
    {
      key: 'overdue',
      label: t('stats.cards.overdue'),
      value: number(overview.overdue, 0),
      color: overview.overdue ? 'red.8' : undefined,
    },
    { key: 'rate', label: t('stats.cards.completionRate'), value: `${number(overview.completionRate)} %` },
    {
      key: 'avg',
      label: t('stats.cards.avgCompletion'),
      value:
        overview.avgCompletionHours == null
          ? t('stats.none')
          : t('stats.cards.hours', { value: number(overview.avgCompletionHours) }),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, xl: 7 }} spacing="sm">
      {cards.map((c) => (
        <Paper key={c.key} withBorder p="sm" radius="md" data-testid={`stats-card-${c.key}`}>
          <Text size="xs" c="dimmed" fw={600}>
            {c.label}
          </Text>
          <Text size="xl" fw={700} c={c.color}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
