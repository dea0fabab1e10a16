import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@portal/shared';

const COLORS: Record<TaskStatus, string> = { offen: 'blue', erledigt: 'yellow', abgeschlossen: 'green' };

export function TaskStatusBadge({ status, size }: { status: TaskStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} size={size} data-testid="task-status">
      {t(`tasks.status.${status}`)}
    </Badge>
  );
}
