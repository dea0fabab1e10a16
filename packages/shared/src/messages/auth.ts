import { defineMessages } from './define.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

/** Sign-in, passwords, invitations and the own account's settings. */
export const AUTH_MSG = defineMessages('auth', {
  userNotFound: 'Benutzer nicht gefunden.',
  badCredentials: 'Ungültige Anmeldedaten.',
  businessOnly: 'Dieser Zugang ist nur für Geschäftskunden. Bitte melden Sie sich über die Mitarbeiter-Anmeldung an.',
  wrongOldPassword: 'Das aktuelle Passwort ist falsch.',
  invitationInvalid: 'Der Einladungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  invitationLinkInvalid: 'Der Einladungslink ist ungültig',
  tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  passwordRequired: 'Passwort ist erforderlich',
  passwordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`,
  passwordTooLong: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`,
  passwordCommon: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
  passwordUnchanged: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  oldPasswordRequired: 'Aktuelles Passwort ist erforderlich',
  passwordsDiffer: 'Die neuen Passwörter stimmen nicht überein',
  invalidLanguage: 'Ungültige Sprache',
  invalidTheme: 'Ungültiges Design',
  passwordChanged: 'Passwort erfolgreich geändert',
  passwordSet: 'Passwort wurde gesetzt. Sie können sich jetzt anmelden.',
  loggedOut: 'Abgemeldet',
});
