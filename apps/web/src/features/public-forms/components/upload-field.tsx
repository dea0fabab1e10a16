import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '../../../lib/toasts';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, UPLOAD_ACCEPT, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@portal/shared';
import { translateMessage } from '../../../lib/i18n';
import { SelectedFiles } from '../../../components/upload/selected-files';

/** react-dropzone's refusal codes and the server's German messages for the same refusals. */
const REJECTIONS: Record<string, string> = {
  'file-invalid-type': 'Dieser Dateityp ist nicht erlaubt.',
  'file-too-large': 'Die Datei ist zu groß.',
  'too-many-files': 'Zu viele Dateien.',
};

/**
 * Drag-drop or click upload with the list of chosen files (each removable): images, pdf, doc(x),
 * xls(x), csv, at most UPLOAD_MAX_FILES of UPLOAD_MAX_FILE_BYTES. The server checks every file again
 * by its content. (The board's FileDropzone without an accessible name for its file input and with
 * low-contrast hints; this one is labelled and readable on a phone in the sun.)
 */
export function UploadField({
  label,
  files,
  onAdd,
  onRemove,
  disabled,
}: {
  label: string;
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const room = UPLOAD_MAX_FILES - files.length;
  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
    for (const m of new Set([...codes].map((c) => REJECTIONS[c] ?? REJECTIONS['file-invalid-type']!)))
      notifications.show({
        color: 'red',
        message: translateMessage(m),
        closeButtonProps: { 'aria-label': t('publicForms.close') },
      });
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Dropzone
        onDrop={onAdd}
        onReject={onReject}
        accept={UPLOAD_ACCEPT}
        maxSize={UPLOAD_MAX_FILE_BYTES}
        maxFiles={Math.max(1, room)}
        disabled={disabled || room <= 0}
        useFsAccessApi={false}
        inputProps={{ 'aria-labelledby': labelId }}
        aria-labelledby={labelId}
        data-testid="upload-dropzone"
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={32} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={32} stroke={1.5} />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('upload.drop')}
            </Text>
            <Text size="xs" c="gray.7">
              {t('upload.limits', { max: UPLOAD_MAX_FILES, size: formatFileSize(UPLOAD_MAX_FILE_BYTES) })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <SelectedFiles files={files} onRemove={onRemove} disabled={disabled} />
    </Stack>
  );
}
