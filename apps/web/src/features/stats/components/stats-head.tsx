import { Group, Skeleton, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import type { useStatsScope } from '../use-stats-scope';
import { AgentFilter } from './agent-filter';
import { WindowNote } from './window-note';

type Scope = ReturnType<typeof useStatsScope>;

/** The head of both statistics pages: title, the window's months and, for admins, the Mitarbeiter filter. */
export function StatsHead({
  title,
  scope,
  agents,
}: {
  title: string;
  scope: Scope;
  agents: Parameters<typeof AgentFilter>[0]['agents'];
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <WindowNote />
      </div>
      {scope.isAdmin && <AgentFilter agents={agents} value={scope.scope.agentId} onChange={scope.setAgent} />}
    </Group>
  );
}

/** A figure block of the statistics: its error with a retry, a placeholder while loading, then the figures. */
export function WhenLoaded<T>({
  query,
  fallback,
  children,
}: {
  query: UseQueryResult<T>;
  fallback: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <LoadError error={query.error} fallback={fallback} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton height={320} radius="md" data-testid="stats-loading" />;
  return <>{children(query.data)}</>;
}
