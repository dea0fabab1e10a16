import { defineMessages } from './define.js';
/** Notifications: the API's own answers (the notification texts themselves are in notification-texts.ts). */
export const NOTIFICATIONS_MSG = defineMessages('notifications', {
  unknownRecipient: 'Unbekannter Empfänger',
  notFound: 'Benachrichtigung nicht gefunden.',
  recipientRequired: 'Empfänger fehlt',
  messageRequired: 'Nachricht ist erforderlich',
  typeRequired: 'Typ ist erforderlich',
  internalLink: 'Der Link muss ein Pfad innerhalb des Portals sein.',
  invalidPriority: 'Ungültige Priorität',
  created: 'Benachrichtigung wurde erstellt.',
  markedRead: 'Als gelesen markiert.',
});
