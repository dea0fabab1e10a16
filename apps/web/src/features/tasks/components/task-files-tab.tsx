import { Alert, Progress, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetails, TaskFile } from '@portal/shared';
import { loadTaskFile } from '../api/download-file';
import { useShareTaskFile } from '../api/share-task-file';
import { useUploadTaskFiles } from '../api/upload-task-files';
import { notifyError, notifySuccess } from '../notify';
import { FileDropzone } from '../../../components/upload/file-dropzone';
import { ProtectedFileList } from './protected-file-list';

/** Shares a file with the task's customer: it is then listed in their business dashboard (documents). */
function ShareSwitch({ file }: { file: TaskFile }) {
  const { t } = useTranslation();
  const share = useShareTaskFile();
  return (
    <Switch
      size="xs"
      label={t('tasks.files.shareWithCustomer')}
      checked={file.shared_with_customer ?? false}
      disabled={share.isPending}
      onChange={(e) =>
        share.mutate(
          { id: file.id, shared: e.currentTarget.checked },
          {
            onSuccess: (answer) => notifySuccess(answer, t('tasks.files.shareWithCustomer')),
            onError: (err) => notifyError(err, t('tasks.files.shareError')),
          },
        )
      }
      data-testid={`file-share-${file.id}`}
    />
  );
}

/** The task's files and, while the task is open, an upload with a progress bar. */
export function TaskFilesTab({ task, files }: { task: TaskDetails; files: TaskFile[] }) {
  const { t } = useTranslation();
  const upload = useUploadTaskFiles();
  const [progress, setProgress] = useState(0);
  const closed = task.status !== 'offen';

  const onDrop = (dropped: File[]) => {
    if (dropped.length === 0) return;
    setProgress(0);
    upload.mutate(
      { taskId: task.id, files: dropped, onProgress: setProgress },
      {
        onSuccess: (answer) => notifySuccess(answer, t('tasks.files.uploaded')),
        onError: (e) => notifyError(e, t('tasks.files.uploadError')),
      },
    );
  };

  return (
    <Stack gap="md">
      {closed && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status" data-testid="files-closed-info">
          {t('tasks.files.closedInfo')}
        </Alert>
      )}
      <Stack gap={6}>
        <FileDropzone onDrop={onDrop} disabled={closed || upload.isPending} loading={upload.isPending} />
        {upload.isPending && (
          <Stack gap={2}>
            <Progress value={progress} animated striped data-testid="upload-progress" />
            <Text size="xs" c="dimmed">
              {t('upload.progress', { percent: progress })}
            </Text>
          </Stack>
        )}
      </Stack>
      <ProtectedFileList
        emptyText={t('tasks.files.empty')}
        files={files.map((f) => ({
          id: f.id,
          name: f.original_name,
          size: f.size,
          mime: f.mime,
          load: loadTaskFile(f.datei_name),
          createdAt: f.created_at,
          uploadedBy: f.uploaded_by_name,
          // Only a task with a customer number has a customer to share with.
          extra: task.kundennummer ? <ShareSwitch file={f} /> : undefined,
        }))}
      />
    </Stack>
  );
}
