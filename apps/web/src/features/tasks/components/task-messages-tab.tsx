import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskMessage } from '@portal/shared';
import { useDateTime } from '../use-date-time';
import { Ltr } from '../../../components/ltr';

export function TaskMessagesTab({ messages }: { messages: TaskMessage[] }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  if (messages.length === 0) return <Text c="dimmed">{t('tasks.messages.empty')}</Text>;
  return (
    <Stack gap="sm">
      {messages.map((m) => (
        <Paper key={m.id} withBorder p="sm" data-testid={`message-${m.id}`}>
          <Text size="xs" c="dimmed" mb={4}>
            <Ltr>{fmt(m.created_at)}</Ltr>
          </Text>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.content}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
