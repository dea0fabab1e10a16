import { Group, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlaStats } from '@portal/shared';
import { DataTable } from '../../../components/data-table';
import { WhenLoaded } from '../../../components/when-loaded';
import { useSlaStats } from '../api/get-sla-stats';
import { useStatsFormat } from '../format';

/** The last 12 months as 'YYYY-MM' in Vienna, this one first. */
function lastMonths(now = new Date()): string[] {
  const ym = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

type AgentRow = SlaStats['by_agent'][number];

/**
 * The month's service levels (issue 31): tasks finished in the month that met or breached their
 * deadlines, open tasks already past theirs, a card per figure; per agent for admins.
 */
export function SlaStatsSection({ countryId, isAdmin }: { countryId: number; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const { number, month: monthLabel } = useStatsFormat();
  const months = lastMonths();
  const [month, setMonth] = useState(months[0]!);
  const q = useSlaStats(countryId, month);
  const typeLabel = (id: number) => (i18n.exists(`tasks.types.${id}`) ? t(`tasks.types.${id}`) : `#${id}`);
  return (
    <section aria-labelledby="stats-sla-title" data-testid="stats-sla">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="stats-sla-title">
          {t('stats.sla.title')}
        </Title>
        <Select
          aria-label={t('stats.sla.month')}
          data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          w={160}
          data-testid="stats-sla-month"
        />
      </Group>
      <WhenLoaded query={q} fallback={t('stats.errors.stats')} height={120}>
        {(s) => (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="sm">
              {(
                [
                  ['met', s.met, 'green.8'],
                  ['breached', s.breached, s.breached ? 'red.8' : undefined],
                  ['open_breached', s.open_breached, s.open_breached ? 'red.8' : undefined],
                ] as const
              ).map(([key, value, color]) => (
                <Paper key={key} withBorder p="sm" radius="md" data-testid={`stats-sla-${key}`}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {t(`stats.sla.${key}`)}
                  </Text>
                  <Text size="xl" fw={700} c={color}>
                    {number(value, 0)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            {s.by_type.length > 0 && (
              <Text size="sm" c="dimmed" mb="sm" data-testid="stats-sla-types">
                {s.by_type
                  .map((x) =>
                    t('stats.sla.typeLine', {
                      type: typeLabel(x.task_type_id),
                      met: number(x.met, 0),
                      breached: number(x.breached, 0),
                      open: number(x.open_breached, 0),
                    }),
                  )
                  .join(' · ')}
              </Text>
            )}
            {isAdmin && (
              <DataTable<AgentRow>
                caption={t('stats.sla.agents')}
                emptyText={t('stats.sla.noAgents')}
                rows={s.by_agent}
                rowKey={(a) => a.user_id}
                columns={[
                  { key: 'name', header: t('stats.agents.name'), cell: (a) => a.name },
                  { key: 'met', header: t('stats.sla.met'), align: 'end', cell: (a) => number(a.met, 0) },
                  { key: 'breached', header: t('stats.sla.breached'), align: 'end', cell: (a) => number(a.breached, 0) },
                  {
                    key: 'open_breached',
                    header: t('stats.sla.open_breached'),
                    align: 'end',
                    cell: (a) => number(a.open_breached, 0),
                  },
                ]}
              />
            )}
          </>
        )}
      </WhenLoaded>
    </section>
  );
}
