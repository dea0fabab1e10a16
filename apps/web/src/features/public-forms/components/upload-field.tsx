import { Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_FILES } from '@portal/shared';
import { notifications } from '../../../lib/toasts';
import { translateMessage } from '../../../lib/translate-message';
import { FileDropzone, rejectionMessage } from '../../../components/upload/file-dropzone';
import { SelectedFiles } from '../../../components/upload/selected-files';

/**
 * The public forms' upload: a visible label, the shared dropzone and the list of chosen files (each
 * removable). A refusal is said once per reason, with the forms' own close button name (the staff
 * screens name each refused file instead; their strings are not loaded on a public page).
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
  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
    for (const m of new Set([...codes].map(rejectionMessage)))
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
      <FileDropzone
        onDrop={onAdd}
        onReject={onReject}
        maxFiles={UPLOAD_MAX_FILES - files.length}
        disabled={disabled}
        labelledBy={labelId}
      />
      <SelectedFiles files={files} onRemove={onRemove} disabled={disabled} />
    </Stack>
  );
}
