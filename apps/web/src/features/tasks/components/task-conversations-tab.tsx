import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskConversation } from '@portal/shared';
import { useDateTime } from '../use-date-time';
import { isolate, isolateLtr, Ltr } from '../../../components/ltr';

export function TaskConversationsTab({ conversations }: { conversations: TaskConversation[] }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  if (conversations.length === 0) return <Text c="dimmed">{t('tasks.conversations.empty')}</Text>;
  return (
    <Stack gap="sm">
      {conversations.map((c) => (
        <Paper key={c.id} withBorder p="sm" data-testid={`conversation-${c.id}`}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text fw={600} size="sm" dir="auto">
              {c.subject}
            </Text>
            <Text size="xs" c="dimmed">
              <Ltr>{fmt(c.created_at)}</Ltr>
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mb={4}>
            {t('tasks.conversations.meta', {
              agent: isolate(c.agent_name ?? '–'),
              recipient: isolateLtr(c.recipient),
            })}
          </Text>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.content}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
