import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskDetails } from '@portal/shared';
import { useClaimTask } from '../api/claim-task';
import { notifyError, notifySuccess } from '../notify';

/**
 * Shown in the modal of a task nobody has taken yet: it says so and lets the viewer take it. When a
 * colleague was quicker the server's 409 is shown and the modal refreshes with the new agent.
 */
export function ClaimTaskBanner({ task }: { task: Pick<TaskDetails, 'id'> }) {
  const { t } = useTranslation();
  const claim = useClaimTask();
  return (
    <Alert color="blue" icon={<IconUserCheck size={18} />} data-testid="task-unassigned-info">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {t('tasks.actions.unassignedInfo')}
        </Text>
        <Button
          leftSection={<IconUserCheck size={16} />}
          loading={claim.isPending}
          onClick={() =>
            claim.mutate(
              { taskID: task.id },
              {
                onSuccess: () => notifySuccess(undefined, t('tasks.actions.claimed')),
                onError: (e) => notifyError(e, t('tasks.actions.claimError')),
              },
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
