import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentsOverview } from './api/get-agents-overview';
import { useRatingStats } from './api/get-rating-stats';
import { useTaskStats } from './api/get-task-stats';
import { MonthChart } from './components/month-chart';
import { RatingStats } from './components/rating-stats';
import { TypeGrid } from './components/type-grid';
import { SlaStatsSection } from './components/sla-stats';
import { StatsHead } from './components/stats-head';
import { WhenLoaded } from '../../components/when-loaded';
import { LoadError } from '../../components/load-error';
import { useStatsScope } from './use-stats-scope';

/**
 * Aufgaben Statistiken: tasks per month with overdue and per type (admins scope all or the picked agent,
 * agents their own), and the customers' ratings per month.
 */
export default function TasksStatisticsPage() {
  const { t } = useTranslation();
  const statsScope = useStatsScope();
  const { isAdmin, scope, filtered } = statsScope;
  const stats = useTaskStats(scope.agentId);
  const ratings = useRatingStats(scope);
  const agents = useAgentsOverview(scope.countryId, isAdmin);
  const fallback = filtered ? t('stats.errors.filtered') : t('stats.errors.stats');

  return (
    <Stack gap="lg">
      <StatsHead title={t('stats.statistics.title')} scope={statsScope} agents={agents.data} />
      <WhenLoaded query={stats} fallback={fallback} data-testid="stats-loading">
        {(data) => (
          <>
            <MonthChart
              rows={data.byMonth}
              fields={['created', 'completed', 'closed', 'overdue']}
              title={t('stats.months.title')}
            />
            <TypeGrid byType={data.byType} />
          </>
        )}
      </WhenLoaded>
      <SlaStatsSection countryId={scope.countryId} isAdmin={isAdmin} />
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
