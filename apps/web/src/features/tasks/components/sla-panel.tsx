import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLA_PAUSE_REASONS, type SlaPauseReason, type TaskDetails } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { usePauseTask } from '../api/pause-task';
import { useResumeTask } from '../api/resume-task';
import { notifyError, notifySuccess } from '../notify';
import { useDateTime } from '../use-date-time';
import { SlaBadge } from './sla-badge';

/** The reasons' translation keys (the reasons themselves are the German contract). */
const REASON_KEY: Record<SlaPauseReason, string> = {
  'Wartet auf Kunde': 'customer',
  'Wartet auf Lieferung': 'delivery',
};

/**
 * The task's service level in its modal: the response and resolution deadlines, the first response, the
 * time left; Pause (with its reason) and Resume for the task's agent and admins while it is open.
 */
export function SlaPanel({ task, mayPause }: { task: TaskDetails; mayPause: boolean }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const pause = usePauseTask();
  const resume = useResumeTask();
  const once = useOneAtATime();
  const [reason, setReason] = useState<SlaPauseReason>(SLA_PAUSE_REASONS[0]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const sla = task.sla;
  if (!sla) return null;
  const open = task.status === 'offen';

  const send = (paused: boolean) =>
    void once.run(() =>
      (paused ? resume.mutateAsync({ taskID: task.id }) : pause.mutateAsync({ taskID: task.id, reason })).then(
        (answer) => notifySuccess(answer, t(paused ? 'tasks.sla.resumed' : 'tasks.sla.pausedDone')),
        (e: unknown) => notifyError(e, t('tasks.sla.error')),
      ),
    );

  return (
    <Paper withBorder p="sm" radius="md" data-testid="task-sla">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('tasks.sla.title')}
          </Text>
          <SlaBadge task={task} now={now} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Text size="sm">
            {t('tasks.sla.responseDue')}: <Ltr>{fmt(sla.response_due_at)}</Ltr>
          </Text>
          <Text size="sm">
            {t('tasks.sla.resolutionDue')}: <Ltr>{fmt(sla.resolution_due_at)}</Ltr>
          </Text>
          <Text size="sm" data-testid="task-sla-responded">
            {t('tasks.sla.respondedAt')}: {sla.responded_at ? <Ltr>{fmt(sla.responded_at)}</Ltr> : t('tasks.sla.notYet')}
          </Text>
        </SimpleGrid>
        {open && mayPause && (
          <Group gap="xs" align="flex-end">
            {!sla.paused && (
              <Select
                label={t('tasks.sla.reason')}
                allowDeselect={false}
                data={SLA_PAUSE_REASONS.map((r) => ({ value: r, label: t(`tasks.sla.reasons.${REASON_KEY[r]}`) }))}
                value={reason}
                onChange={(v) => v && setReason(v as SlaPauseReason)}
                data-testid="task-sla-reason"
              />
            )}
            <Button
              variant="light"
              leftSection={sla.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
              loading={once.busy}
              onClick={() => send(sla.paused)}
              data-testid={sla.paused ? 'task-sla-resume' : 'task-sla-pause'}
            >
              {t(sla.paused ? 'tasks.sla.resume' : 'tasks.sla.pause')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
