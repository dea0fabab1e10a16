import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarDue, IconLifebuoy, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isOverdue, type TaskRow } from '@portal/shared';
import { descriptionPreview } from '../task-utils';
import { useTaskTypeLabel } from '../use-task-type-label';
import { useDateTime } from '../use-date-time';
import { Bidi, isolate, Ltr } from '../../../components/ltr';
import { SlaBadge } from './sla-badge';
import '../task-board.css';

interface TaskCardProps {
  task: TaskRow;
  now: number;
  onOpen: (taskId: number) => void;
}

/** One task on the board; red border and a badge when overdue. The whole card opens the task. */
export function TaskCard({ task, now, onOpen }: TaskCardProps) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const typeLabel = useTaskTypeLabel();
  const overdue = isOverdue(task, now);

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      role="button"
      tabIndex={0}
      className="task-card"
      data-testid={`task-card-${task.id}`}
      data-overdue={overdue || undefined}
      onClick={() => onOpen(task.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(task.id);
        }
      }}
      style={{
        cursor: 'pointer',
        borderColor: overdue ? 'var(--mantine-color-red-6)' : undefined,
        borderWidth: overdue ? 2 : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="sm" c="dimmed">
            <Ltr>#{task.id}</Ltr>
          </Text>
          <Group gap={4} wrap="nowrap">
            {overdue && (
              <Badge color="red" variant="filled" size="sm" data-testid="overdue-badge">
                {t('tasks.card.overdue')}
              </Badge>
            )}
            <Badge variant="light" size="sm" maw={180} data-testid="task-type-badge">
              {typeLabel(task.typ, task.tasktype)}
            </Badge>
          </Group>
        </Group>
        {/* Two lines at most; a long word breaks anywhere instead of widening the board. */}
        <Text fw={600} lineClamp={2} dir="auto" title={task.titel} style={{ overflowWrap: 'anywhere' }}>
          {task.titel}
        </Text>
        <SlaBadge task={task} now={now} />
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('tasks.card.created')}: <Ltr>{fmt(task.erstellt_am)}</Ltr>
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconCalendarDue size={14} color={overdue ? 'var(--mantine-color-red-6)' : undefined} />
            <Text size="xs" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
              {t('tasks.card.due')}: <Ltr>{fmt(task.frist)}</Ltr>
            </Text>
          </Group>
        </Group>
        {(task.firma || task.kundennummer) && (
          <Group gap={4} wrap="nowrap">
            <IconBuildingStore size={14} />
            <Text size="sm" truncate>
              <Bidi>{task.firma}</Bidi>
              {task.kundennummer ? (
                <>
                  {' ('}
                  <Ltr>{task.kundennummer}</Ltr>)
                </>
              ) : null}
            </Text>
          </Group>
        )}
        <Text
          size="sm"
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="task-description-preview"
        >
          {descriptionPreview(task.beschreibung)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <IconUser size={14} />
          <Text size="sm" c={task.agent_name ? undefined : 'dimmed'} data-testid="task-agent-name">
            {task.agent_name ? <Bidi>{task.agent_name}</Bidi> : t('tasks.card.notAssigned')}
          </Text>
        </Group>
        {task.requested_agent_name && (
          <Group gap={4} wrap="nowrap">
            <IconLifebuoy size={14} />
            <Text size="sm" c="dimmed">
              {t('tasks.card.helpRequested', { name: isolate(task.requested_agent_name) })}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
