import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@portal/shared';
import { lazyNamed } from '../../lib/lazy-page';
import type { FileDropzoneProps } from './file-dropzone';

/**
 * The drop zone's code (Mantine Dropzone on react-dropzone, about 19 KB gzipped) as a part of a screen
 * that loads on the first pointer or focus in it (`useLoadOnIntent(fileDropzonePart)` in lib/lazy-page.tsx).
 */
export const fileDropzonePart = lazyNamed(
  () => import('./file-dropzone'),
  (m) => m.FileDropzone,
);

/** The drop zone's box as it will look, with its hint, until its code is in: nothing moves when it comes. */
function DropzonePlaceholder({ hint, limits }: { hint?: string; limits?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="sm" style={{ borderStyle: 'dashed' }} data-testid="dropzone-pending">
      <Group justify="center" gap="md" mih={80} wrap="nowrap">
        <IconFileUpload size={32} stroke={1.5} aria-hidden />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {hint ?? t('upload.drop')}
          </Text>
          <Text size="xs" c="gray.7">
            {limits ?? t('upload.limits', { max: UPLOAD_MAX_FILES, size: formatFileSize(UPLOAD_MAX_FILE_BYTES) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** `FileDropzone` once `ready` (its part is loaded), its placeholder before. */
export function DeferredFileDropzone({ ready, ...props }: FileDropzoneProps & { ready: boolean }) {
  const FileDropzone = fileDropzonePart;
  const placeholder = <DropzonePlaceholder hint={props.hint} limits={props.limits} />;
  return ready ? (
    <Suspense fallback={placeholder}>
      <FileDropzone {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
