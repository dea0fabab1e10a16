import { notifications } from '../../lib/toasts';
import { errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';

/** A success toast: the server's answer (German message and its code) in the current language, else the fallback. */
export function notifySuccess(answer: { message: string; code?: string } | undefined, fallback: string): void {
  notifications.show({ color: 'green', message: answer ? translateMessage(answer.message, answer.code) : fallback });
}

export function notifyError(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}
