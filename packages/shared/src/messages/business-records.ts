import { defineMessages } from './define.js';
import { TEXT_LIMITS, formatLimit } from '../text-limits.js';

/**
 * Messages of the business dashboard's records (issue 21: documents, branches, news, profile) and of
 * the admins' news screen: key → German text. Catalogue area `businessRecords`.
 */
export const BUSINESS_RECORDS_MSG = defineMessages('businessRecords', {
  documentNotFound: 'Dokument nicht gefunden',
  documentsShared: 'Dokumente für den Kunden freigegeben',
  taskFileShared: 'Datei für den Kunden freigegeben',
  taskFileUnshared: 'Datei nicht mehr für den Kunden freigegeben',
  branchNotFound: 'Filiale nicht gefunden',
  branchNameTooLong: 'Name ist zu lang',
  branchAddressRequired: 'Bitte die Adresse der Filiale angeben',
  branchAddressTooLong: 'Adresse ist zu lang',
  branchZipcodeInvalid: 'Bitte eine gültige Postleitzahl eingeben',
  branchCityRequired: 'Bitte den Ort der Filiale angeben',
  branchCityTooLong: 'Ort ist zu lang',
  phoneInvalid: 'Bitte eine gültige Telefonnummer angeben (nur Ziffern, Leerzeichen, +, /, -)',
  branchOpeningHoursTooLong: 'Öffnungszeiten sind zu lang',
  branchLimit: 'Es können höchstens 200 Filialen angelegt werden',
  branchCreated: 'Filiale angelegt',
  branchSaved: 'Filiale gespeichert',
  branchDeleted: 'Filiale gelöscht',
  newsNotFound: 'Beitrag nicht gefunden',
  newsTitleTooLong: 'Titel ist zu lang',
  newsTextRequired: 'Text ist erforderlich',
  newsTextTooLong: 'Text ist zu lang',
  newsTextMax: `Der Text darf höchstens ${formatLimit(TEXT_LIMITS.newsText)} Zeichen lang sein.`,
  newsTranslationIncomplete: 'Bitte Titel und Text einer Übersetzung gemeinsam angeben',
  newsPublishedFromRequired: 'Bitte ein gültiges Veröffentlichungsdatum angeben',
  newsCreated: 'Beitrag angelegt',
  newsSaved: 'Beitrag gespeichert',
  newsDeleted: 'Beitrag gelöscht',
  newsMarkedRead: 'Als gelesen markiert',
  profileKontaktpersonTooLong: 'Kontaktperson ist zu lang',
  profileSaved: 'Kontaktdaten gespeichert',
});
