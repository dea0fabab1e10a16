import { notifications } from '../../lib/toasts';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';

/** A success toast; the server's German message in the current language, else the fallback. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  notifications.show({ color: 'green', message: message ? translateMessage(message) : fallback });
}

/** The text for a failed call: the server's message translated, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? translateMessage(error.message) : fallback;
}

export function notifyError(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}
