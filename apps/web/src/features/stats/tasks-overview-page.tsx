import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentsOverview } from './api/get-agents-overview';
import { useTasksOverview } from './api/get-tasks-overview';
import { AgentFilter } from './components/agent-filter';
import { AgentsTable } from './components/agents-table';
import { MonthChart } from './components/month-chart';
import { StatCards } from './components/stat-cards';
import { TypeGrid } from './components/type-grid';
import { WindowNote } from './components/window-note';
import { LoadError } from '../../components/load-error';
import { useStatsScope } from './use-stats-scope';

/** Aufgaben Übersicht: the cards, the types, the months; admins also the agent filter and the agents table. */
export default function TasksOverviewPage() {
  const { t } = useTranslation();
  const { isAdmin, scope, filtered, setAgent } = useStatsScope();
  const overview = useTasksOverview(scope);
  const agents = useAgentsOverview(scope.countryId, isAdmin);
  const fallback = filtered ? t('stats.errors.filtered') : t('stats.errors.data');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('stats.overview.title')}
          </Title>
          <WindowNote />
        </div>
        {isAdmin && <AgentFilter agents={agents.data} value={scope.agentId} onChange={setAgent} />}
      </Group>
      {overview.isError ? (
        <LoadError error={overview.error} fallback={fallback} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Skeleton height={320} radius="md" data-testid="stats-loading" />
      ) : (
        <>
          <StatCards overview={overview.data} />
          <TypeGrid byType={overview.data.byType} />
          <MonthChart
            rows={overview.data.byMonth}
            fields={['created', 'completed', 'closed']}
            title={t('stats.months.title')}
          />
        </>
      )}
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
