import { notifications } from '../../lib/toasts';
import { errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';

/** A success toast; the server's German message in the current language, else the fallback. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  notifications.show({ color: 'green', message: message ? translateMessage(message) : fallback });
}

export function notifyError(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}
