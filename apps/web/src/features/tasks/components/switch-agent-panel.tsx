import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchAgentSchema, type TaskDetails } from '@portal/shared';
import { fieldError } from '../../../components/field-error';
import { useAgents } from '../api/get-agents';
import { useSwitchTaskAgent } from '../api/switch-task-agent';
import { notifyError, notifySuccess } from '../notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

interface SwitchAgentPanelProps {
  task: TaskDetails;
  onDone: (newAgentId: number) => void;
  onCancel: () => void;
}

/** Hands the task to another agent of the country, after a confirmation click. */
export function SwitchAgentPanel({ task, onDone, onCancel }: SwitchAgentPanelProps) {
  const { t } = useTranslation();
  // Staff of the task's country: a task is never handed across countries.
  const agents = useAgents(task.country_id);
  const switchAgent = useSwitchTaskAgent();
  const { busy, run: send } = useOneAtATime();
  const [agentId, setAgentId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    const parsed = switchAgentSchema.safeParse({ taskID: task.id, newAgentID: agentId ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    send(() =>
      switchAgent.mutateAsync(parsed.data).then(
        (answer) => {
          notifySuccess(answer, t('tasks.switchAgent.success'));
          onDone(parsed.data.newAgentID);
        },
        (e: unknown) => notifyError(e, t('tasks.switchAgent.error')),
      ),
    );
  };

  return (
    <Stack gap="sm" data-testid="switch-agent-panel">
      <Title order={3} size="h5">
        {t('tasks.switchAgent.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('tasks.switchAgent.current', { name: task.agent_name ?? t('tasks.card.notAssigned') })}
      </Text>
      <Select
        label={t('tasks.switchAgent.newAgent')}
        placeholder={t('tasks.form.selectPlaceholder')}
        searchable
        data={(agents.data ?? [])
          .filter((a) => a.id !== task.user_id)
          .map((a) => ({ value: String(a.id), label: a.name }))}
        value={agentId}
        onChange={(v) => {
          setAgentId(v);
          setError(undefined);
        }}
        error={agents.isError ? t('tasks.errors.agents') : fieldError(error)}
        nothingFoundMessage={t('tasks.filters.noMatch')}
        data-testid="switch-agent-select"
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm} loading={busy} data-testid="switch-agent-confirm">
          {t('tasks.switchAgent.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
