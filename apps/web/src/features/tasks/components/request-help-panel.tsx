import { Button, Group, Select, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '../../../lib/toasts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { requestAssistSchema, TASKS_MSG, TEXT_LIMITS, type TaskDetails } from '@portal/shared';
import { fieldError, inputProps } from '../../../components/field-error';
import { withTextLimit } from '../../../components/text-limit';
import { focusFirstInvalidSoon } from '../../../lib/focus-first-invalid';
import { ApiError } from '../../../lib/api';
import { useAgents } from '../api/get-agents';
import { HELP_REQUEST_EXISTS_STATUS, useRequestAssist } from '../api/request-assist';
import { notifyError, notifySuccess } from '../notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const helpFormSchema = requestAssistSchema.omit({ taskID: true });

interface RequestHelpPanelProps {
  task: TaskDetails;
  userId: number;
  onDone: () => void;
  onCancel: () => void;
}

/** Asks a colleague for help with a comment; one help request per task (409 otherwise). */
export function RequestHelpPanel({ task, userId, onDone, onCancel }: RequestHelpPanelProps) {
  const { t } = useTranslation();
  const agents = useAgents(task.country_id);
  const request = useRequestAssist();
  const { busy, run: send } = useOneAtATime();
  const form = useForm({
    mode: 'controlled',
    initialValues: { agentID: '', comment: '' },
    validate: zod4Resolver(helpFormSchema),
  });

  const submit = form.onSubmit(
    (values) =>
      send(() =>
        request.mutateAsync({ taskID: task.id, agentID: Number(values.agentID), comment: values.comment.trim() }).then(
          (answer) => {
            notifySuccess(answer, t('tasks.help.success'));
            onDone();
          },
          (e: unknown) => {
            // Not a failure of the call but a state of the task: the colleague's request stands.
            if (e instanceof ApiError && e.status === HELP_REQUEST_EXISTS_STATUS) {
              notifications.show({ color: 'orange', message: t('tasks.help.exists'), 'data-testid': 'help-exists' });
            } else notifyError(e, t('tasks.help.error'));
          },
        ),
      ),
    // An empty submit: the first field that needs something gets the focus.
    () => focusFirstInvalidSoon('[data-testid="request-help-panel"]'),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" data-testid="request-help-panel">
        <Title order={3} size="h5">
          {t('tasks.help.title')}
        </Title>
        <Select
          label={t('tasks.help.agent')}
          placeholder={t('tasks.form.selectPlaceholder')}
          required
          searchable
          data={(agents.data ?? []).filter((a) => a.id !== userId).map((a) => ({ value: String(a.id), label: a.name }))}
          {...form.getInputProps('agentID')}
          error={agents.isError ? t('tasks.errors.agents') : fieldError(form.errors.agentID)}
          nothingFoundMessage={t('tasks.filters.noMatch')}
          data-testid="help-agent-select"
        />
        <Textarea
          label={t('tasks.help.comment')}
          required
          autosize
          minRows={3}
          maxRows={8}
          {...withTextLimit(inputProps(form, 'comment'), TEXT_LIMITS.taskComment, TASKS_MSG.commentMax)}
          data-testid="help-comment"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="help-submit">
            {t('tasks.help.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
