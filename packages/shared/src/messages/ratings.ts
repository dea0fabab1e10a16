import { defineMessages } from './define.js';
import { RATING_CODE_DIGITS, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../stats-rules.js';

/** Messages of the ratings area: key → German text (backoffice.md section 8). */
export const RATINGS_MSG = defineMessages('ratings', {
  customerNotFound: 'Kundennummer nicht gefunden',
  wrongCode: 'Verifikationscode ist nicht korrekt',
  codeLocked: 'Der Verifikationscode wurde nach zu vielen Fehlversuchen gesperrt.',
  codeExpired: 'Der Verifikationscode ist abgelaufen.',
  alreadyRated: 'Diese Aufgabe wurde bereits bewertet.',
  notClosed: 'Diese Aufgabe ist noch nicht abgeschlossen.',
  customerNumberRequired: 'Bitte geben Sie Ihre Kundennummer ein',
  codeRequired: 'Verifikationscode ist erforderlich',
  codeFormat: `Der Verifikationscode besteht aus ${RATING_CODE_DIGITS} Ziffern`,
  invalidTask: 'Ungültige Aufgabe',
  ratingRange: `Jede Bewertung muss zwischen ${RATING_MIN} und ${RATING_MAX} Sternen liegen`,
  commentTooLong: `Der Kommentar ist zu lang (höchstens ${RATING_COMMENT_MAX} Zeichen)`,
  saved: 'Vielen Dank für Ihre Bewertung!',
});
