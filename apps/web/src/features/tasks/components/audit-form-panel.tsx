import { Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  auditTaskSchema,
  TASK_TYPE,
  COMMON_MSG,
  TASKS_MSG,
  TEXT_LIMITS,
  UPLOAD_MAX_FILES,
  type TaskDetails,
} from '@portal/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { inputProps } from '../../../components/field-error';
import { withTextLimit } from '../../../components/text-limit';
import { useAuditTask } from '../api/audit-task';
import { useTaskTime } from '../api/get-task-time';
import { notifyError, notifySuccess } from '../notify';
import { useFileSelection } from '../../../components/upload/use-file-selection';
import { FileDropzone } from '../../../components/upload/file-dropzone';
import { SelectedFiles } from '../../../components/upload/selected-files';
import { UploadProgress } from '../../../components/upload/upload-progress';

const auditFormSchema = auditTaskSchema.omit({ taskID: true });

interface AuditFormPanelProps {
  task: TaskDetails;
  onDone: () => void;
  onCancel: () => void;
}

/** The audit of a done task: description, customer contacted (default yes), reason, files. Closes the task. */
export function AuditFormPanel({ task, onDone, onCancel }: AuditFormPanelProps) {
  const { t } = useTranslation();
  const audit = useAuditTask();
  const files = useFileSelection();
  const [progress, setProgress] = useState(0);
  const form = useForm({
    mode: 'controlled',
    initialValues: { description: '', contacted: 'true' as 'true' | 'false', reason: '' },
    validate: zod4Resolver(auditFormSchema),
  });

  // An emergency task is billed at its close (issue 31): closing one without time asks first.
  const emergency = task.typ === TASK_TYPE.emergency;
  const time = useTaskTime(task.id, emergency);
  const [askNoTime, setAskNoTime] = useState<typeof form.values | null>(null);
  const noTime = emergency && time.data !== undefined && time.data.totalMinutes === 0 && time.data.running === null;

  const send = (values: typeof form.values) => {
    setAskNoTime(null);
    setProgress(0);
    audit.mutate(
      {
        taskID: task.id,
        description: values.description.trim(),
        contacted: values.contacted,
        reason: values.reason.trim() || undefined,
        files: files.files,
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer, t('tasks.auditForm.success'));
          onDone();
        },
        onError: (e) => notifyError(e, t('tasks.auditForm.error')),
      },
    );
  };
  const submit = form.onSubmit((values) => (noTime ? setAskNoTime(values) : send(values)));

  return (
    <form onSubmit={submit} noValidate>
      <ConfirmDialog
        opened={askNoTime !== null}
        title={t('tasks.time.noTimeTitle')}
        text={t('tasks.time.noTimeQuestion')}
        confirmLabel={t('tasks.time.noTimeConfirm')}
        busy={audit.isPending}
        onConfirm={() => askNoTime && send(askNoTime)}
        onCancel={() => setAskNoTime(null)}
      />
      <Stack gap="sm" data-testid="audit-form">
        <Title order={3} size="h5">
          {t('tasks.auditForm.title')}
        </Title>
        <Textarea
          label={t('tasks.auditForm.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          {...withTextLimit(inputProps(form, 'description'), TEXT_LIMITS.description, COMMON_MSG.descriptionMax)}
          data-testid="audit-description"
        />
        <Radio.Group
          label={t('tasks.auditForm.contacted')}
          {...inputProps(form, 'contacted')}
          data-testid="audit-contacted"
        >
          <Group mt={4}>
            <Radio value="true" label={t('tasks.audit.yes')} data-testid="audit-contacted-yes" />
            <Radio value="false" label={t('tasks.audit.no')} data-testid="audit-contacted-no" />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('tasks.auditForm.reason')}
          autosize
          minRows={2}
          maxRows={6}
          {...withTextLimit(inputProps(form, 'reason'), TEXT_LIMITS.taskComment, TASKS_MSG.reasonMax)}
          data-testid="audit-reason"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('tasks.auditForm.files')}
          </Text>
          <FileDropzone
            onDrop={files.add}
            maxFiles={UPLOAD_MAX_FILES - files.files.length}
            disabled={audit.isPending}
          />
          <SelectedFiles files={files.files} onRemove={files.remove} disabled={audit.isPending} />
        </div>
        {audit.isPending && files.files.length > 0 && <UploadProgress percent={progress} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={audit.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={audit.isPending} data-testid="audit-submit">
            {t('tasks.auditForm.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
