import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentsOverview } from './api/get-agents-overview';
import { useTasksOverview } from './api/get-tasks-overview';
import { AgentsTable } from './components/agents-table';
import { MonthChart } from './components/month-chart';
import { StatCards } from './components/stat-cards';
import { TypeGrid } from './components/type-grid';
import { StatsHead } from './components/stats-head';
import { WhenLoaded } from '../../components/when-loaded';
import { useStatsScope } from './use-stats-scope';

/** Aufgaben Übersicht: the cards, the types, the months; admins also the agent filter and the agents table. */
export default function TasksOverviewPage() {
  const { t } = useTranslation();
  const statsScope = useStatsScope();
  const { isAdmin, scope, filtered } = statsScope;
  const overview = useTasksOverview(scope);
  const agents = useAgentsOverview(scope.countryId, isAdmin);

  return (
    <Stack gap="lg">
      <StatsHead title={t('stats.overview.title')} scope={statsScope} agents={agents.data} />
      <WhenLoaded data-testid="stats-loading" query={overview} fallback={filtered ? t('stats.errors.filtered') : t('stats.errors.data')}>
        {(data) => (
          <>
            <StatCards overview={data} />
            <TypeGrid byType={data.byType} />
            <MonthChart
              rows={data.byMonth}
              fields={['created', 'completed', 'closed']}
              title={t('stats.months.title')}
            />
          </>
        )}
      </WhenLoaded>
      {isAdmin && (
        <AgentsTable
          rows={agents.data}
          loading={agents.isPending}
          error={agents.isError}
          onRetry={() => void agents.refetch()}
        />
      )}
    </Stack>
  );
}
