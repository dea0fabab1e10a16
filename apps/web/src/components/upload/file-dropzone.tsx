import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '../../lib/toasts';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, UPLOAD_ACCEPT, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@portal/shared';
import { translateMessage } from '../../lib/translate-message';
import { rejectedFileMessage, rejectionMessage } from './rejections';

export { rejectedFileMessage, rejectionMessage } from './rejections';

export interface FileDropzoneProps {
  onDrop: (files: File[]) => void;
  /** How many more files may be added (at most UPLOAD_MAX_FILES). */
  maxFiles?: number;
  /** The types taken (MIME type to extensions); by default the attachments' (UPLOAD_ACCEPT). */
  accept?: Readonly<Record<string, readonly string[]>>;
  /** The largest file in bytes; by default UPLOAD_MAX_FILE_BYTES. */
  maxSizeBytes?: number;
  /** The drop hint and the limits line below it (already translated); by default the attachments'. */
  hint?: string;
  limits?: string;
  testId?: string;
  disabled?: boolean;
  loading?: boolean;
  /** The id of a visible label; without one the input is named by the drop hint. */
  labelledBy?: string;
  /** Refused files: by default one toast per file, naming it. */
  onReject?: (rejections: FileRejection[]) => void;
  /** Set to the function that opens the file picker (`DeferredFileDropzone`: a tap before the code came). */
  openRef?: React.RefObject<(() => void) | null>;
}

/**
 * Drag-drop or picker for files. By default for attachments (task files, audits, public forms): the
 * spec's types (images, pdf, doc(x), xls(x), csv), at most UPLOAD_MAX_FILES files of
 * UPLOAD_MAX_FILE_BYTES each; an area with other files (signage: pictures and videos) passes its own
 * types, size and hints. The server checks again by content. Hints in AA contrast, readable on a
 * phone in the sun.
 */
export function FileDropzone({
  onDrop,
  maxFiles = UPLOAD_MAX_FILES,
  accept = UPLOAD_ACCEPT,
  maxSizeBytes = UPLOAD_MAX_FILE_BYTES,
  hint,
  limits,
  testId = 'upload-dropzone',
  disabled,
  loading,
  labelledBy,
  onReject: onRejectProp,
  openRef,
}: FileDropzoneProps) {
  const { t } = useTranslation();
  const dropHint = hint ?? t('upload.drop');

  // One toast per refused file, naming it: "a file was refused" alone leaves the user guessing which.
  const namedToasts = (rejections: FileRejection[]) => {
    for (const { file, errors } of rejections) {
      const reasons = [...new Set(errors.map((e) => rejectionMessage(e.code)))];
      notifications.show({
        color: 'red',
        message: rejectedFileMessage(t, file.name, reasons.map((r) => translateMessage(r)).join(' ')),
      });
    }
  };

  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onRejectProp ?? namedToasts}
      accept={accept as Record<string, string[]>}
      maxSize={maxSizeBytes}
      maxFiles={Math.max(1, maxFiles)}
      disabled={disabled || maxFiles <= 0}
      loading={loading}
      useFsAccessApi={false}
      openRef={openRef}
      inputProps={labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': dropHint }}
      aria-labelledby={labelledBy}
      data-testid={testId}
      style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
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
            {dropHint}
          </Text>
          <Text size="xs" c="gray.7">
            {limits ?? t('upload.limits', { max: UPLOAD_MAX_FILES, size: formatFileSize(UPLOAD_MAX_FILE_BYTES) })}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
