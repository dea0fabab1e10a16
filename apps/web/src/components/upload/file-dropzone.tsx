import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useRef } from 'react';
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
  /** The id of a visible label; without one the drop area is named by the drop hint. */
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
 *
 * For keyboards and screen readers (issue 30) the drop area is a named group, not a control (a control
 * around the file input and a button fails axe's nested-interactive): the visible "Dateien auswählen"
 * button inside it is the Tab stop and opens the file chooser; the hint and the limits describe it.
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
  const ownPickerRef = useRef<(() => void) | null>(null);
  const pickerRef = openRef ?? ownPickerRef;
  const id = useId();
  const hintId = `${id}-hint`;
  const limitsId = `${id}-limits`;
  const off = disabled || loading || maxFiles <= 0;

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
      // The area takes drops and a pointer's click (a mouse user's habit); for the keyboard the button
      // below is the one Tab stop that opens the chooser (the root is no Tab stop, no nested control).
      activateOnKeyboard={false}
      openRef={pickerRef}
      inputProps={{ 'aria-labelledby': labelledBy ?? hintId }}
      role="group"
      aria-labelledby={labelledBy ?? hintId}
      aria-describedby={labelledBy ? `${hintId} ${limitsId}` : limitsId}
      data-testid={testId}
      style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={32} stroke={1.5} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={32} stroke={1.5} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileUpload size={32} stroke={1.5} aria-hidden />
        </Dropzone.Idle>
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500} id={hintId}>
            {dropHint}
          </Text>
          <Text size="xs" c="gray.7" id={limitsId}>
            {limits ?? t('upload.limits', { max: UPLOAD_MAX_FILES, size: formatFileSize(UPLOAD_MAX_FILE_BYTES) })}
          </Text>
          <Button
            variant="light"
            size="xs"
            onClick={(e) => {
              // The area's own click would open the chooser a second time.
              e.stopPropagation();
              pickerRef.current?.();
            }}
            disabled={off}
            style={{ pointerEvents: 'auto' }}
            data-testid={`${testId}-choose`}
          >
            {t('upload.choose')}
          </Button>
        </Stack>
      </Group>
    </Dropzone>
  );
}
