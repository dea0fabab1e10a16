import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTaskAudit } from '../api/get-task-audit';
import { errorMessage } from '../../../lib/errors';
import { useDateTime } from '../use-date-time';
import { loadAuditFile } from '../api/download-file';
import { ProtectedFileList } from './protected-file-list';

/** The audit filed when the task was closed. */
export function TaskAuditTab({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const audit = useTaskAudit(taskId, true);

  if (audit.isPending) return <ListSkeleton rows={3} />;
  if (audit.isError) return <Text c="red">{errorMessage(audit.error, t('tasks.audit.loadError'))}</Text>;
  const a = audit.data;
  return (
    <Stack gap="md" data-testid="task-audit">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t('tasks.audit.createdAt')}
          </Text>
          <Text size="sm">{fmt(a.created_at)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t('tasks.audit.createdBy')}
          </Text>
          <Text size="sm">{a.created_by_name ?? '–'}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t('tasks.audit.contacted')}
          </Text>
          <Group gap={4}>
            <Badge color={a.contacted ? 'green' : 'gray'} variant="light" data-testid="audit-contacted-value">
              {a.contacted ? t('tasks.audit.yes') : t('tasks.audit.no')}
            </Badge>
          </Group>
        </div>
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed" fw={600}>
          {t('tasks.audit.description')}
        </Text>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="audit-description-value"
        >
          {a.description}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed" fw={600}>
          {t('tasks.audit.reason')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {a.reason || '–'}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed" fw={600} mb={4}>
          {t('tasks.audit.files')}
        </Text>
        <ProtectedFileList
          emptyText={t('tasks.files.empty')}
          files={a.files.map((f) => ({ id: f.id, name: f.original_name, size: f.size, load: loadAuditFile(f.file_path) }))}
        />
      </div>
    </Stack>
  );
}
