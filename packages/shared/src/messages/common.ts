import { defineMessages } from './define.js';
import { TEXT_LIMITS, formatLimit } from '../text-limits.js';

/**
 * Messages every area answers with (HTTP status texts, uploads, idempotency, field rules several
 * forms share). An area that needs one of these refers to it here instead of writing it again.
 */
export const COMMON_MSG = defineMessages('common', {
  badRequest: 'Ungültige Anfrage.',
  unauthorized: 'Nicht angemeldet oder Sitzung abgelaufen.',
  forbidden: 'Keine Berechtigung für diese Aktion.',
  notFound: 'Nicht gefunden.',
  /** The shop, the RKSV back office and the business dashboard answer about the same orders. */
  orderNotFound: 'Bestellung nicht gefunden.',
  invoiceNotFound: 'Rechnung nicht gefunden.',
  /** The RKSV back office and the customer's page (issue 34). */
  customerNotFound: 'Kunde nicht gefunden.',
  methodNotAllowed: 'Methode nicht erlaubt.',
  notAcceptable: 'Nicht akzeptabel.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedType: 'Nicht unterstütztes Format.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  unavailable: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  invalidChars: 'Ungültige Zeichen in der Eingabe.',
  invalidValue: 'Ungültiger Wert',
  invalidId: 'Ungültige Id',
  invalidCountry: 'Ungültiges Land',
  invalidDate: 'Ungültiges Datum',
  emailRequired: 'E-Mail ist erforderlich',
  emailFormat: 'Ungültige E-Mail-Adresse',
  nameRequired: 'Name ist erforderlich',
  phoneRequired: 'Telefonnummer ist erforderlich',
  descriptionRequired: 'Beschreibung ist erforderlich',
  descriptionTooLong: 'Beschreibung ist zu lang',
  customerNumberDigits: 'Kundennummer darf nur Zahlen enthalten',
  titleRequired: 'Titel ist erforderlich',
  // text limits (text-limits.ts): the field and its limit named
  titleMax: `Der Titel darf höchstens ${formatLimit(TEXT_LIMITS.taskTitle)} Zeichen lang sein.`,
  descriptionMax: `Die Beschreibung darf höchstens ${formatLimit(TEXT_LIMITS.description)} Zeichen lang sein.`,
  // uploads (platform/uploads.ts)
  multipartRequired: 'Die Anfrage muss multipart/form-data sein.',
  emptyFile: 'Leere Dateien können nicht hochgeladen werden.',
  tooManyFields: 'Zu viele Felder in der Anfrage.',
  fileTypeNotAllowed: 'Dieser Dateityp ist nicht erlaubt.',
  /** A file refused by its content, named (`{{name}}`: the client's file name), worded as the web's own refusal. */
  fileTypeNotAllowedNamed: '„{{name}}“ wurde nicht angenommen: Dieser Dateityp ist nicht erlaubt.',
  fileTooLarge: 'Die Datei ist zu groß.',
  tooManyFiles: 'Zu viele Dateien.',
  noFiles: 'Bitte mindestens eine Datei auswählen.',
  // idempotency (platform/idempotency.ts)
  requestInProgress: 'Diese Anfrage wird bereits bearbeitet.',
  badIdempotencyKey: 'Ungültiger Idempotency-Key (1 bis 200 sichtbare ASCII-Zeichen).',
});
