import { isNotificationParams, notificationText as textIn, type PortalNotification } from '@portal/shared';
import { isolate } from '../../components/ltr';

/**
 * Title and message of a notification in the reader's language. Notifications of the portal are
 * stored as a kind and its values (`params`; the texts of all four languages are in
 * packages/shared/src/messages/notification-texts.ts, which the server's mails use too); a person's
 * words (names, titles, comments) are isolated in the sentence around them. One without params (an
 * admin wrote it) is shown as it was written.
 */
export function notificationText(language: string, n: Pick<PortalNotification, 'title' | 'message' | 'params'>) {
  if (!isNotificationParams(n.params)) return { title: n.title, message: n.message, translated: false };
  return { ...textIn(language, n.params, isolate), translated: true };
}
