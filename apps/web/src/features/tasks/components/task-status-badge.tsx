import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@portal/shared';

const COLORS: Record<TaskStatus, string> = { offen: 'blue', erledigt: 'yellow', abgeschlossen: 'green' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} data-testid="task-status">
      {t(`tasks.status.${status}`)}
    </Badge>
  );
}
