import { notifications } from '../../lib/toasts';
import { useCallback, useState } from 'react';
import { UPLOAD_MAX_FILES } from '@portal/shared';
import { translateMessage } from '../../lib/i18n';

/** Files picked for a form, at most UPLOAD_MAX_FILES; more are refused with the server's message. */
export function useFileSelection(max = UPLOAD_MAX_FILES) {
  const [files, setFiles] = useState<File[]>([]);

  const add = useCallback(
    (dropped: File[]) => {
      const room = max - files.length;
      if (dropped.length > room) notifications.show({ color: 'red', message: translateMessage('Zu viele Dateien.') });
      if (room > 0 && dropped.length > 0) setFiles([...files, ...dropped.slice(0, room)]);
    },
    [files, max],
  );
  const remove = useCallback((index: number) => setFiles((prev) => prev.filter((_, i) => i !== index)), []);
  const clear = useCallback(() => setFiles([]), []);

  return { files, add, remove, clear };
}
