import { defineMessages } from './define.js';
import { DEP_FIRST_YEAR, MENU_CHANGE_MIN_WORKING_DAYS } from '../constants.js';
import { COMMON_MSG } from './common.js';
import { TEXT_LIMITS, formatLimit } from '../text-limits.js';

/** German messages of the public forms (spec sections 5 and 8 where it gives them). */
export const PUBLIC_FORM_MSG = defineMessages('publicForms', {
  robot: 'Bitte bestätigen Sie, dass Sie kein Roboter sind.',
  sendFailed: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  tooLong: 'Eingabe ist zu lang',
  kundennummerRequired: 'Kundennummer ist erforderlich',
  kundennummerDigits: COMMON_MSG.customerNumberDigits,
  lokalnameRequired: 'Lokalname ist erforderlich',
  nameRequired: COMMON_MSG.nameRequired,
  firmennameRequired: 'Name der Firma ist erforderlich',
  plzRequired: 'PLZ ist erforderlich',
  plzFormat: 'PLZ muss 4-5 Ziffern enthalten',
  phoneRequired: COMMON_MSG.phoneRequired,
  phoneFormat: 'Ungültiges Telefonnummerformat',
  emailRequired: COMMON_MSG.emailRequired,
  emailFormat: COMMON_MSG.emailFormat,
  descriptionRequired: COMMON_MSG.descriptionRequired,
  descriptionTooLong: COMMON_MSG.descriptionTooLong,
  descriptionMax: COMMON_MSG.descriptionMax,
  remarkMax: `Die Anmerkungen dürfen höchstens ${formatLimit(TEXT_LIMITS.publicFormText)} Zeichen lang sein.`,
  commentMax: `Die Beschreibung der Änderung darf höchstens ${formatLimit(TEXT_LIMITS.publicFormText)} Zeichen lang sein.`,
  additionalInfoMax: `Die weiteren Informationen dürfen höchstens ${formatLimit(TEXT_LIMITS.publicFormText)} Zeichen lang sein.`,
  agb: 'Bitte akzeptieren Sie die AGB.',
  agbEmergency: 'Bitte akzeptieren Sie die AGB und die Kosten des Emergency Supports.',
  startMonth: 'Bitte wählen Sie den Startmonat',
  startYear: 'Bitte wählen Sie das Startjahr',
  endMonth: 'Bitte wählen Sie den Endmonat',
  endYear: 'Bitte wählen Sie das Endjahr',
  yearRange: `Das Jahr muss zwischen ${DEP_FIRST_YEAR} und dem aktuellen Jahr liegen`,
  endBeforeStart: 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen',
  commentRequired: 'Bitte beschreiben Sie die gewünschte Änderung',
  dateRequired: 'Bitte wählen Sie das Datum der Änderung',
  dateInvalid: COMMON_MSG.invalidDate,
  workingDay: 'Bitte wählen Sie einen Werktag (Mo-Fr) und kein Feiertag.',
  leadTime: `Das Datum muss mindestens ${MENU_CHANGE_MIN_WORKING_DAYS} Werktage in der Zukunft liegen.`,
  tooFar: 'Das Datum darf höchstens ein Jahr in der Zukunft liegen.',
  switchReason: 'Bitte wählen Sie den Grund des Firmenwechsels',
  old: {
    companyName: 'Firmenname (aktuell) ist erforderlich',
    localName: 'Lokalname (aktuell) ist erforderlich',
    customerNumber: 'Kundennummer (aktuell) ist erforderlich',
    taxId: 'UID/Steuernummer (aktuell) ist erforderlich',
    address: 'Adresse (aktuell) ist erforderlich',
    contact: 'Ansprechpartner (aktuell) ist erforderlich',
    phone: 'Telefonnummer (aktuell) ist erforderlich',
    email: 'E-Mail (aktuell) ist erforderlich',
  },
  new: {
    companyName: 'Firmenname (neu) ist erforderlich',
    localName: 'Lokalname (neu) ist erforderlich',
    taxId: 'UID/Steuernummer (neu) ist erforderlich',
    address: 'Adresse (neu) ist erforderlich',
    contact: 'Ansprechpartner (neu) ist erforderlich',
    phone: 'Telefonnummer (neu) ist erforderlich',
    email: 'E-Mail (neu) ist erforderlich',
  },
});

/** The success messages of the spec (section 8), answered by the server as `message`. */
export const PUBLIC_FORM_SUCCESS = defineMessages('publicForms.sent', {
  dep: 'Ihre DEP Anfrage wurde erfolgreich gesendet!',
  menu: 'Menüänderung wurde erfolgreich beantragt.',
  switch: 'Ihre Firmenübernahme-Anfrage wurde erfolgreich übermittelt.',
  emergency: 'Ihre Emergency Support Anfrage wurde erfolgreich gesendet!',
  classic: 'Ihre Support-Anfrage wurde erfolgreich gesendet!',
});

/**
 * What a public form's answer and confirmation mail say about the answer time (issue 31): the task's
 * response deadline as weekday and time in Vienna, and a note when the request came outside the hours.
 */
export const PUBLIC_FORM_REPLY = defineMessages('publicForms.reply', {
  answerBy: 'Wir melden uns bis {{when}}.',
  outsideHours: 'Ihre Anfrage ist außerhalb unserer Servicezeiten eingegangen.',
});
