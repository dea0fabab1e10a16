import { Alert, Center, Image, Loader, ThemeIcon } from '@mantine/core';
import { IconMovie, IconPhotoOff } from '@tabler/icons-react';
import type { ContentFile } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchContentFile } from '../api/download-file';

type Shown = Pick<ContentFile, 'file_path' | 'file_type' | 'file_name'>;

/** A content file fetched with the session, as a blob URL while the component lives (null: loading). */
function useFileUrl(path: string, wanted = true): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchContentFile(path, ctrl.signal)
      .then((b) => {
        made = URL.createObjectURL(b);
        setUrl(made);
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed(true);
      });
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, wanted]);
  return { url, failed };
}

/** A picture or video of the content list, fetched with the session and shown from a blob URL. */
export function MediaPreview({ file, height = 240 }: { file: Shown; height?: number }) {
  const { t } = useTranslation();
  const { url, failed } = useFileUrl(file.file_path);
  if (failed) return <Alert color="red">{t('signage.content.previewFailed')}</Alert>;
  if (!url)
    return (
      <Center h={height}>
        <Loader size="sm" />
      </Center>
    );
  return file.file_type === 'video' ? (
    <video src={url} controls muted style={{ maxHeight: height, maxWidth: '100%' }} aria-label={file.file_name} />
  ) : (
    <Image src={url} alt={file.file_name} mah={height} fit="contain" data-testid="preview-image" />
  );
}

/**
 * A small tile of a list (the schedules' strip): a picture's thumbnail, a film icon for a video (a
 * whole video is not fetched for a tile), a crossed-out picture when it cannot be loaded.
 */
export function MediaThumb({ file, size = 36 }: { file: Shown; size?: number }) {
  const image = file.file_type === 'image';
  const { url, failed } = useFileUrl(file.file_path, image);
  const tile = { width: size, height: size, flex: 'none' } as const;
  if (!image || failed || !url)
    return (
      <ThemeIcon variant="light" color="gray" style={tile} title={file.file_name} data-testid="content-thumb">
        {!image ? (
          <IconMovie size={size / 2} aria-hidden />
        ) : failed ? (
          <IconPhotoOff size={size / 2} aria-hidden />
        ) : null}
      </ThemeIcon>
    );
  return (
    <Image
      src={url}
      alt={file.file_name}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      data-testid="content-thumb"
    />
  );
}
