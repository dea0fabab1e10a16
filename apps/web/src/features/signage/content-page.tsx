import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatFileSize,
  SIGNAGE_ACCEPT,
  SIGNAGE_DEFAULT_DURATION,
  SIGNAGE_MAX_VIDEO_MB,
  type ContentFile,
  SIGNAGE_MSG,
} from '@portal/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { DeferredFileDropzone, fileDropzonePart } from '../../components/upload/deferred-file-dropzone';
import { lazyNamed, useLoadOnIntent } from '../../lib/lazy-page';
import { UploadProgress } from '../../components/upload/upload-progress';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { invalidateArea } from '../../lib/calls';
import { assignContent } from './api/save-content';
import { useDevices } from './api/get-devices';
import { useFiles } from './api/get-files';
import { uploadFile } from './api/upload-file';
import { SIGNAGE_PAGE } from './page-size';
import { DeviceContentList } from './components/device-content-list';
import { useOffsetPaging } from '../../lib/use-paging';
import { PageHeader } from '../../components/page-header';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

/** The preview dialog, closed at first: loaded with the drop zone on the first pointer or focus in the screen. */
const PreviewDialog = lazyNamed(
  () => import('./components/preview-dialog'),
  (m) => m.PreviewDialog,
);

/** Content: upload with progress and duration, preview, and several items onto several devices at once. */
export default function SignageContentPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { offset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const files = useFiles(offset);
  // The devices to assign to: the first 200 (a customer's screens are few; the device list pages the rest).
  const devices = useDevices({ status: 'all', q: '', offset: 0, limit: 200 });
  const [duration, setDuration] = useState(String(SIGNAGE_DEFAULT_DURATION));
  const seconds = Math.round(Number(duration));
  const [progress, setProgress] = useState<number | null>(null);
  const [pickedFiles, setPickedFiles] = useState<number[]>([]);
  const [pickedDevices, setPickedDevices] = useState<string[]>([]);
  const [assignError, setAssignError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ContentFile | null>(null);
  // The drop zone's and the preview's code come with the first pointer or focus in the screen.
  const parts = useLoadOnIntent(fileDropzonePart, PreviewDialog);

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, seconds >= 1 ? seconds : SIGNAGE_DEFAULT_DURATION, setProgress),
    onSuccess: (r) => {
      void invalidateArea(qc, 'signage');
      notifications.show({ color: 'green', message: t('signage.content.uploaded', { name: r.file.file_name }) });
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: errorMessage(e, translateMessage(SIGNAGE_MSG.uploadFailed)) }),
    onSettled: () => setProgress(null),
  });

  const sending = useOneAtATime();
  const assign = useMutation({
    mutationFn: async () => {
      const items = pickedFiles.map((file_id, i) => ({ file_id, display_order: i }));
      for (const deviceId of pickedDevices) await assignContent(Number(deviceId), items);
    },
    onSuccess: () => {
      void invalidateArea(qc, 'signage');
      notifications.show({ color: 'green', message: t('signage.content.assigned') });
      setPickedFiles([]);
      setPickedDevices([]);
    },
    onError: (e) => setAssignError(errorMessage(e, translateMessage(SIGNAGE_MSG.assignFailed))),
  });

  const submitAssign = () => {
    if (pickedFiles.length === 0) return setAssignError(translateMessage(SIGNAGE_MSG.contentRequired));
    if (pickedDevices.length === 0) return setAssignError(translateMessage(SIGNAGE_MSG.deviceRequired));
    setAssignError(null);
    void sending.run(() => assign.mutateAsync());
  };

  const columns: DataTableColumn<ContentFile>[] = [
    {
      key: 'pick',
      header: t('signage.content.pick'),
      cell: (f) => (
        <Checkbox
          aria-label={t('signage.content.pickFile', { name: f.file_name })}
          checked={pickedFiles.includes(f.id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setPickedFiles((p) => (on ? [...p, f.id] : p.filter((x) => x !== f.id)));
          }}
          data-testid="pick-file"
        />
      ),
    },
    {
      key: 'name',
      header: t('signage.content.file'),
      cell: (f) => (
        <Group gap="xs" wrap="nowrap">
          {f.file_type === 'video' ? <IconMovie size={16} aria-hidden /> : <IconPhoto size={16} aria-hidden />}
          <Button variant="subtle" size="compact-sm" onClick={() => setPreview(f)}>
            {f.file_name}
          </Button>
        </Group>
      ),
    },
    { key: 'type', header: t('signage.content.type'), cell: (f) => t(`signage.content.${f.file_type}`) },
    {
      key: 'duration',
      header: t('signage.content.duration'),
      align: 'end',
      cell: (f) =>
        f.file_type === 'video' ? t('signage.content.toEnd') : t('signage.content.seconds', { n: f.duration }),
    },
    {
      key: 'size',
      header: t('signage.content.size'),
      align: 'end',
      cell: (f) => <span dir="ltr">{formatFileSize(f.size)}</span>,
    },
    { key: 'devices', header: t('signage.content.devices'), align: 'end', cell: (f) => f.device_count },
    { key: 'date', header: t('signage.content.uploadedAt'), cell: (f) => <DateDisplay value={f.created_at} /> },
  ];

  return (
    <Stack gap="md" {...parts.intent}>
      <PageHeader title={t('signage.content.title')} />
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {t('signage.content.upload')}
          </Title>
          {/* The browser's own number field: Mantine's NumberInput (8 KB gzipped) for one whole number. */}
          <TextInput
            type="number"
            inputMode="numeric"
            label={t('signage.content.durationLabel')}
            description={t('signage.content.durationHint')}
            min={1}
            step={1}
            value={duration}
            onChange={(e) => setDuration(e.currentTarget.value)}
            w={220}
          />
          <DeferredFileDropzone
            ready={parts.ready}
            onDrop={(accepted) => accepted[0] && upload.mutate(accepted[0])}
            accept={SIGNAGE_ACCEPT}
            maxFiles={1}
            maxSizeBytes={SIGNAGE_MAX_VIDEO_MB * 1024 * 1024}
            loading={upload.isPending}
            hint={t('signage.content.drop')}
            limits={t('signage.content.limits', { size: `${SIGNAGE_MAX_VIDEO_MB} MB` })}
            testId="signage-dropzone"
          />
          {progress !== null && (
            <UploadProgress percent={progress} label={t('signage.content.progress', { percent: progress })} />
          )}
        </Stack>
      </Card>
      <DataTable
        columns={columns}
        rows={files.data?.rows}
        rowKey={(f) => f.id}
        caption={t('signage.content.files')}
        emptyText={t('signage.content.empty')}
        loading={files.isPending}
        error={files.isError}
        onRetry={() => void files.refetch()}
        paging={paging(files.data)}
        data-testid="files-table"
      />
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {t('signage.content.assignTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('signage.content.assignHint', { files: pickedFiles.length })}
          </Text>
          <Checkbox.Group label={t('signage.content.devices')} value={pickedDevices} onChange={setPickedDevices}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt={4}>
              {(devices.data?.rows ?? []).map((d) => (
                <Checkbox
                  key={d.device_id}
                  value={String(d.device_id)}
                  label={`${d.device_name ?? t('signage.devices.unnamed', { id: d.device_id })}${d.customer_name ? ` – ${d.customer_name}` : ''}`}
                  data-testid="pick-device"
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {devices.data?.rows.length === 0 && <Text c="dimmed">{t('signage.devices.empty')}</Text>}
          {assignError && (
            <Text c="red.8" size="sm" role="alert">
              {assignError}
            </Text>
          )}
          <Group>
            <Button onClick={submitAssign} loading={assign.isPending} data-testid="assign-content">
              {t('signage.content.assign')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <DeviceContentList devices={devices.data?.rows ?? []} />
      {parts.ready && (
        <Suspense fallback={null}>
          <PreviewDialog file={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
