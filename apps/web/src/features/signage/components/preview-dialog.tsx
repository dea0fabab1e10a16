import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from './media-preview';

/** A content file's preview, large (the content screen; loaded with the screen's first pointer or focus). */
export function PreviewDialog({
  file,
  onClose,
}: {
  file: Parameters<typeof MediaPreview>[0]['file'] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={file !== null}
      onClose={onClose}
      title={file?.file_name}
      size="lg"
      centered
    >
      {file && <MediaPreview file={file} height={420} />}
    </Modal>
  );
}
