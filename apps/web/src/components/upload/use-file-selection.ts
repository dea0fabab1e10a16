import { notifications } from '../../lib/toasts';
import { useCallback, useState } from 'react';
import { UPLOAD_MAX_FILES, COMMON_MSG } from '@portal/shared';
import i18n from '../../lib/i18n';
import { translateMessage } from '../../lib/translate-message';
import { rejectedFileMessage } from './rejections';

/** Files picked for a form, at most UPLOAD_MAX_FILES; each one more is refused by name with the server's message. */
export function useFileSelection(max = UPLOAD_MAX_FILES) {
  const [files, setFiles] = useState<File[]>([]);

  const add = useCallback(
    (dropped: File[]) => {
      const room = max - files.length;
      for (const file of dropped.slice(Math.max(room, 0)))
        notifications.show({
          color: 'red',
          message: rejectedFileMessage(i18n.t, file.name, translateMessage(COMMON_MSG.tooManyFiles)),
        });
      if (room > 0 && dropped.length > 0) setFiles([...files, ...dropped.slice(0, room)]);
    },
    [files, max],
  );
  const remove = useCallback((index: number) => setFiles((prev) => prev.filter((_, i) => i !== index)), []);
  const clear = useCallback(() => setFiles([]), []);

  return { files, add, remove, clear };
}
