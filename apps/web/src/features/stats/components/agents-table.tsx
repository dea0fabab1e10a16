import { Title } from '@mantine/core';
import type { AgentOverviewRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Ltr } from '../../../components/ltr';
import { useStatsFormat } from '../format';

/** Admins: every staff member of the country with their counters of the window. */
export function AgentsTable({
  rows,
  loading,
  error,
  onRetry,
}: {
  rows: AgentOverviewRow[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { number } = useStatsFormat();
  const count = (key: keyof AgentOverviewRow) => (r: AgentOverviewRow) => number(r[key] as number, 0);
  const columns: DataTableColumn<AgentOverviewRow>[] = [
    { key: 'name', header: t('stats.agents.name'), cell: (r) => r.name },
    { key: 'email', header: t('stats.agents.email'), cell: (r) => <Ltr>{r.email}</Ltr> },
    { key: 'open', header: t('stats.cards.open'), cell: count('open_tasks'), align: 'end' },
    { key: 'completed', header: t('stats.cards.completed'), cell: count('completed_tasks'), align: 'end' },
    { key: 'closed', header: t('stats.cards.closed'), cell: count('closed_tasks'), align: 'end' },
    { key: 'overdue', header: t('stats.cards.overdue'), cell: count('overdue_tasks'), align: 'end' },
    { key: 'total', header: t('stats.cards.total'), cell: count('total_tasks'), align: 'end' },
    {
      key: 'avg',
      header: t('stats.agents.avgDays'),
      cell: (r) => number(r.avg_processing_time, 0),
      align: 'end',
    },
  ];
  return (
    <section aria-labelledby="stats-agents-title">
      <Title order={2} size="h4" mb="xs" id="stats-agents-title">
        {t('stats.agents.title')}
      </Title>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        caption={t('stats.agents.title')}
        emptyText={t('stats.agents.empty')}
        loading={loading}
        error={error}
        onRetry={onRetry}
        data-testid="stats-agents-table"
      />
    </section>
  );
}
