import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Suspense, useEffect, useRef } from 'react';
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

/**
 * The drop zone's box as it will look, with its hint, until its code is in: nothing moves when it comes.
 * A tap on it (the touch that starts the loading) opens the file picker once the drop zone is there.
 */
function DropzonePlaceholder({ hint, limits, onClick }: { hint?: string; limits?: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      style={{ borderStyle: 'dashed', cursor: 'pointer' }}
      onClick={onClick}
      data-testid="dropzone-pending"
    >
      <Group justify="center" gap="md" mih={80} wrap="nowrap">
        <IconFileUpload size={32} stroke={1.5} aria-hidden />
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500}>
            {hint ?? t('upload.drop')}
          </Text>
          <Text size="xs" c="gray.7">
            {limits ?? t('upload.limits', { max: UPLOAD_MAX_FILES, size: formatFileSize(UPLOAD_MAX_FILE_BYTES) })}
          </Text>
          {/* The drop zone's own button, so nothing moves when it comes; its focus starts the loading. */}
          <Button variant="light" size="xs" data-testid="dropzone-pending-choose">
            {t('upload.choose')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/** `FileDropzone` once `ready` (its part is loaded), its placeholder before. */
export function DeferredFileDropzone({ ready, ...props }: FileDropzoneProps & { ready: boolean }) {
  const FileDropzone = fileDropzonePart;
  const openRef = useRef<(() => void) | null>(null);
  // A tap on the box before the code came: the picker opens when it is there (still within the tap's
  // user activation, which the browser keeps for a few seconds). "There" is the drop zone mounted, which
  // can be frames after `ready`: the lazy part suspends once more (its placeholder shows again, and may
  // take the tap itself), so the opener is looked for on each frame, for about two seconds.
  const openWhenReady = useRef(false);
  const frame = useRef(0);
  const openWhenThere = () => {
    let frames = 0;
    const attempt = () => {
      if (openRef.current) {
        openWhenReady.current = false;
        openRef.current();
      } else if (++frames < 120) frame.current = requestAnimationFrame(attempt);
    };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(attempt);
  };
  useEffect(() => {
    if (ready && openWhenReady.current) openWhenThere();
    return () => cancelAnimationFrame(frame.current);
  }, [ready]);
  // The placeholder's button had the focus when the real one came: the focus moves to it, never to the page.
  const box = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const id = requestAnimationFrame(() => {
      if (!hadFocus.current) return;
      hadFocus.current = false;
      box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    });
    return () => cancelAnimationFrame(id);
  });
  const placeholder = (
    <DropzonePlaceholder
      hint={props.hint}
      limits={props.limits}
      onClick={() => {
        if (props.disabled) return;
        openWhenReady.current = true;
        // Tapped while the code is in but the drop zone not yet mounted (the placeholder as Suspense's fallback).
        if (ready) openWhenThere();
      }}
    />
  );
  return (
    <div
      ref={box}
      onFocus={(e) => {
        hadFocus.current = e.target instanceof HTMLElement && e.target.dataset.testid === 'dropzone-pending-choose';
      }}
      onBlur={(e) => {
        // Focus moved on to another element (not lost with the placeholder): nothing to give back.
        if (e.relatedTarget && !box.current?.contains(e.relatedTarget)) hadFocus.current = false;
      }}
    >
      {ready ? (
        <Suspense fallback={placeholder}>
          <FileDropzone {...props} openRef={openRef} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
