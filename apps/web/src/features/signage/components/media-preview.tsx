import { Alert, Center, Image, Loader } from '@mantine/core';
import type { ContentFile } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchContentFile } from '../api/download-file';

/** A picture or video of the content list, fetched with the session and shown from a blob URL. */
export function MediaPreview({
  file,
  height = 240,
}: {
  file: Pick<ContentFile, 'file_path' | 'file_type' | 'file_name'>;
  height?: number;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchContentFile(file.file_path, ctrl.signal)
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
  }, [file.file_path]);
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
