import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentsOverview } from './api/get-agents-overview';
import { useRatingStats } from './api/get-rating-stats';
import { useTaskStats } from './api/get-task-stats';
import { AgentFilter } from './components/agent-filter';
import { MonthChart } from './components/month-chart';
import { RatingStats } from './components/rating-stats';
import { TypeGrid } from './components/type-grid';
import { WindowNote } from './components/window-note';
import { LoadError } from '../../components/load-error';
import { useStatsScope } from './use-stats-scope';

/**
 * Aufgaben Statistiken: tasks per month with overdue and per type (admins scope all or the picked agent,
 * agents their own), and the customers' ratings per month.
 */
export default function TasksStatisticsPage() {
  const { t } = useTranslation();
  const { isAdmin, scope, filtered, setAgent } = useStatsScope();
  const stats = useTaskStats(scope.agentId);
  const ratings = useRatingStats(scope);
  const agents = useAgentsOverview(scope.countryId, isAdmin);
  const fallback = filtered ? t('stats.errors.filtered') : t('stats.errors.stats');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('stats.statistics.title')}
          </Title>
          <WindowNote />
        </div>
        {isAdmin && <AgentFilter agents={agents.data} value={scope.agentId} onChange={setAgent} />}
      </Group>
      {stats.isError ? (
        <LoadError error={stats.error} fallback={fallback} onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton height={320} radius="md" data-testid="stats-loading" />
      ) : (
        <>
          <MonthChart
            rows={stats.data.byMonth}
            fields={['created', 'completed', 'closed', 'overdue']}
            title={t('stats.months.title')}
          />
          <TypeGrid byType={stats.data.byType} />
        </>
      )}
      {ratings.isError ? (
        <LoadError error={ratings.error} fallback={fallback} onRetry={() => void ratings.refetch()} />
      ) : (
        <RatingStats
          rows={ratings.data}
          loading={ratings.isPending}
          error={false}
          onRetry={() => void ratings.refetch()}
        />
      )}
    </Stack>
  );
}
