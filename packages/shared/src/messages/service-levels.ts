import { defineMessages } from './define.js';
import { COMMON_MSG } from './common.js';

/** Messages of the service levels (issue 31): calendars, policies and what the public forms tell the requester. */
export const SERVICE_LEVELS_MSG = defineMessages('serviceLevels', {
  invalidCountry: COMMON_MSG.invalidCountry,
  weekday: 'Bitte wählen Sie einen Wochentag (1 Montag bis 7 Sonntag).',
  time: 'Bitte geben Sie die Uhrzeit als HH:MM ein.',
  startBeforeEnd: 'Der Beginn muss vor dem Ende liegen.',
  tooManyHours: 'Zu viele Zeitfenster',
  tooManyDays: 'Zu viele Tage',
  date: COMMON_MSG.invalidDate,
  dayName: 'Bitte geben Sie einen Namen für den Tag ein.',
  dayNameMax: 'Der Name darf höchstens 100 Zeichen lang sein.',
  dateTwice: 'Dieser Tag ist schon eingetragen.',
  minutes: 'Bitte geben Sie eine ganze Zahl von Minuten zwischen 1 und 100 000 ein.',
  clock: 'Bitte wählen Sie, ob die Frist nur in den Servicezeiten oder rund um die Uhr läuft.',
  month: 'Bitte wählen Sie einen Monat (JJJJ-MM).',
  calendarSaved: 'Die Servicezeiten wurden gespeichert.',
  policySaved: 'Die Frist wurde gespeichert.',
});
