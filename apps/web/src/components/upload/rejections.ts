import type { TFunction } from 'i18next';
import { COMMON_MSG, type Message } from '@portal/shared';

/** react-dropzone's refusal codes and the server's German messages for the same refusals. */
const REJECTION_MESSAGES: Record<string, Message> = {
  'file-invalid-type': COMMON_MSG.fileTypeNotAllowed,
  'file-too-large': COMMON_MSG.fileTooLarge,
  'too-many-files': COMMON_MSG.tooManyFiles,
};

/** "„name“ wurde nicht angenommen: reason"; the name isolated, so an Arabic sentence keeps its order. */
export function rejectedFileMessage(t: TFunction, name: string, reason: string): string {
  return t('tasks.files.rejected', { name: `\u2068${name}\u2069`, reason });
}

/** The catalogue entry of each refusal code (react-dropzone's codes, the server's words). */
export function rejectionMessage(code: string): Message {
  return REJECTION_MESSAGES[code] ?? REJECTION_MESSAGES['file-invalid-type']!;
}
