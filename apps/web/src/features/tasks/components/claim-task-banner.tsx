import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskDetails } from '@portal/shared';
import { useClaimTask } from '../api/claim-task';
import { notifyError, notifySuccess } from '../notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

/**
 * Shown in the modal of a task nobody has taken yet: it says so and lets the viewer take it. When a
 * colleague was quicker the server's 409 is shown and the modal refreshes with the new agent. One
 * claim per click, however often it is clicked (the second click never earns a 409 of its own).
 */
export function ClaimTaskBanner({ task, onClaimed }: { task: Pick<TaskDetails, 'id'>; onClaimed?: () => void }) {
  const { t } = useTranslation();
  const claim = useClaimTask();
  const { busy, run: send } = useOneAtATime();
  return (
    <Alert color="blue" icon={<IconUserCheck size={18} />} role="status" data-testid="task-unassigned-info">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {t('tasks.actions.unassignedInfo')}
        </Text>
        <Button
          leftSection={<IconUserCheck size={16} />}
          loading={busy}
          onClick={() =>
            send(() =>
              claim.mutateAsync({ taskID: task.id }).then(
                () => {
                  notifySuccess(undefined, t('tasks.actions.claimed'));
                  onClaimed?.();
                },
                (e: unknown) => notifyError(e, t('tasks.actions.claimError')),
              ),
            )
          }
          data-testid="action-claim"
        >
          {t('tasks.actions.claim')}
        </Button>
      </Group>
    </Alert>
  );
}
