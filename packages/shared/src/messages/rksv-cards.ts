import { defineMessages } from './define.js';
import { RKSV_ORDERS_MSG } from './rksv-orders.js';
import { RKSV_CARD_NOTE_MAX, RKSV_CARD_TYPE_MAX } from '../schemas/rksv-cards-limits.js';
import { formatLimit } from '../text-limits.js';

/** Messages of a signature card's life (issue 32): key → German text. */
export const RKSV_CARDS_MSG = defineMessages('rksvCards', {
  cardNotFound: RKSV_ORDERS_MSG.cardNotFound,
  /** An impossible transition (409): both states named in German. */
  transitionRefused: 'Die Karte kann nicht von „{{from}}“ nach „{{to}}“ wechseln.',
  atInFuture: 'Der Zeitpunkt liegt in der Zukunft.',
  atBeforeActivation: 'Der Zeitpunkt liegt vor der Aktivierung der Karte.',
  noteTooLong: `Die Notiz ist zu lang (höchstens ${formatLimit(RKSV_CARD_NOTE_MAX)} Zeichen).`,
  outageReasonRequired: RKSV_ORDERS_MSG.outageReasonRequired,
  jahresbelegYearInvalid:
    'Für dieses Jahr hat die Karte keinen Jahresbeleg (vom Jahr der Aktivierung bis zum letzten Jahresende).',
  jahresbelegTooEarly: 'Der Jahresbeleg entsteht am 31. Dezember seines Jahres und kann erst ab dann geprüft sein.',
  jahresbelegTwice: 'Der Jahresbeleg dieses Jahres ist bereits geprüft.',
  jahresbelegNotActivated: 'Einen Jahresbeleg hat erst eine aktivierte Karte.',
  yearInvalid: 'Bitte geben Sie ein Jahr an.',
  cardTypeUnknown: 'Diesen Kartentyp gibt es nicht.',
  cardTypeRequired: 'Bitte geben Sie den Kartentyp an.',
  cardTypeTooLong: `Der Kartentyp ist zu lang (höchstens ${formatLimit(RKSV_CARD_TYPE_MAX)} Zeichen).`,
  cardTypeTwice: 'Jeder Kartentyp darf nur einmal vorkommen.',
  cardTypeInUse: 'Ein Kartentyp, den Karten tragen, kann nicht entfernt werden.',
  outageNotFound: 'Ausfall nicht gefunden.',
  outageNotReportable: 'Nur ein Ausfall von mehr als 48 Stunden wird gemeldet.',
  outageReportedTwice: 'Dieser Ausfall ist bereits gemeldet.',
  invalidCursor: RKSV_ORDERS_MSG.invalidCursor,
  transitionSaved: 'Gespeichert.',
  cardTypesSaved: 'Kartentypen gespeichert.',
});
