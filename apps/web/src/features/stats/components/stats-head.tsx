import { Group, Title } from '@mantine/core';
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
