import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { forwardRef } from 'react';
import { isOverdue, type TaskRow } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { useTaskTypeLabel } from '../use-task-type-label';
import { useDateTime } from '../use-date-time';
import { TaskStatusBadge } from './task-status-badge';
import { SlaBadge } from './sla-badge';
import '../task-board.css';

interface TaskListTableProps {
  tasks: TaskRow[];
  now: number;
  /** The row `j`/`k` moved to (highlighted), or null. */
  selectedId: number | null;
  onSelect: (taskId: number) => void;
  onOpen: (taskId: number) => void;
  /** A phone: id, title and due day only (no sideways scrolling). */
  narrow: boolean;
}

/**
 * The board as a compact table: one line per task (id, title, company, agent, type, due date with the
 * overdue colour, status). Each title is the row's button (Enter or a click opens the task); long
 * texts are cut at the column's end with the whole text as its title. The table's columns are fixed,
 * so no text widens it. On a phone: id, title and due day (the tab says the status).
 */
export const TaskListTable = forwardRef<HTMLTableElement, TaskListTableProps>(function TaskListTable(
  { tasks, now, selectedId, onSelect, onOpen, narrow },
  ref,
) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const typeLabel = useTaskTypeLabel();
  const wide = !narrow;

  return (
    <Table
      ref={ref}
      layout="fixed"
      verticalSpacing={3}
      horizontalSpacing="xs"
      fz="sm"
      highlightOnHover
      className="task-list-table"
      aria-label={t('tasks.list.caption')}
      data-testid="task-table"
    >
      <colgroup>
        <col style={{ width: narrow ? '3.5rem' : '4.5rem' }} />
        <col />
        {wide && <col style={{ width: '18%' }} />}
        {wide && <col style={{ width: '13%' }} />}
        {wide && <col style={{ width: '11%' }} />}
        <col style={{ width: narrow ? '6.5rem' : '10.5rem' }} />
        {wide && <col style={{ width: '10rem' }} />}
        {wide && <col style={{ width: '8rem' }} />}
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('tasks.list.id')}</Table.Th>
          <Table.Th>{t('tasks.list.title')}</Table.Th>
          {wide && <Table.Th>{t('tasks.list.company')}</Table.Th>}
          {wide && <Table.Th>{t('tasks.list.agent')}</Table.Th>}
          {wide && <Table.Th>{t('tasks.list.type')}</Table.Th>}
          <Table.Th>{t('tasks.list.due')}</Table.Th>
          {wide && <Table.Th>{t('tasks.list.sla')}</Table.Th>}
          {wide && <Table.Th>{t('tasks.list.status')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tasks.map((task) => {
          const overdue = isOverdue(task, now);
          const type = typeLabel(task.typ, task.tasktype);
          const selected = task.id === selectedId;
          return (
            <Table.Tr
              key={task.id}
              data-testid={`task-row-${task.id}`}
              data-selected={selected || undefined}
              data-overdue={overdue || undefined}
              onClick={() => onOpen(task.id)}
            >
              <Table.Td>
                <Ltr>#{task.id}</Ltr>
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  className="task-list-open"
                  title={task.titel}
                  onFocus={() => onSelect(task.id)}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(task.id);
                  }}
                  data-task-id={task.id}
                  data-testid="task-list-open"
                >
                  <Text span inherit truncate="end" dir="auto" className="task-list-title">
                    {task.titel}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              {wide && (
                <Table.Td>
                  {/* dir auto: a Latin name in Arabic is cut at its own end. */}
                  <Text inherit truncate="end" dir="auto" title={task.firma ?? undefined}>
                    {task.firma ?? ''}
                  </Text>
                </Table.Td>
              )}
              {wide && (
                <Table.Td>
                  <Text
                    inherit
                    truncate="end"
                    dir="auto"
                    c={task.agent_name ? undefined : 'dimmed'}
                    title={task.agent_name ?? undefined}
                  >
                    {task.agent_name ?? t('tasks.card.notAssigned')}
                  </Text>
                </Table.Td>
              )}
              {wide && (
                <Table.Td>
                  <Text inherit truncate="end" title={type}>
                    {type}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text
                  inherit
                  c={overdue ? 'red.9' : undefined}
                  fw={overdue ? 700 : undefined}
                  data-testid="task-list-due"
                >
                  <Ltr>{narrow ? fmt(task.frist).slice(0, 10) : fmt(task.frist)}</Ltr>
                  {overdue && <VisuallyHidden component="span"> ({t('tasks.card.overdue')})</VisuallyHidden>}
                </Text>
              </Table.Td>
              {wide && (
                <Table.Td>
                  <Text inherit truncate="end">
                    <SlaBadge task={task} now={now} plain />
                  </Text>
                </Table.Td>
              )}
              {wide && (
                <Table.Td>
                  <TaskStatusBadge status={task.status} size="xs" />
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
});
