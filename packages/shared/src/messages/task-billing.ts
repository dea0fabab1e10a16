import { defineMessages } from './define.js';
import { TASKS_MSG } from './tasks.js';

/** Messages of an emergency task's time and invoice (issue 31): key → German text. */
export const TASK_BILLING_MSG = defineMessages('taskBilling', {
  taskMissing: TASKS_MSG.taskMissing,
  startRequired: 'Beginn ist erforderlich',
  endRequired: 'Ende ist erforderlich',
  endAfterStart: 'Das Ende muss nach dem Beginn liegen',
  endInFuture: 'Das Ende darf nicht in der Zukunft liegen',
  noteMax: TASKS_MSG.noteMax,
  notEmergency: 'Zeit wird nur bei Notfall-Aufgaben erfasst',
  notYourTask: 'Nur der zuständige Agent oder ein Admin darf Zeit erfassen',
  taskClosed: 'Die Aufgabe ist abgeschlossen: keine Zeiterfassung mehr möglich',
  overlap: 'Die Zeit überschneidet sich mit einem anderen Eintrag dieser Aufgabe',
  alreadyRunning: 'Für diese Aufgabe läuft bereits eine Zeiterfassung',
  notRunning: 'Für diese Aufgabe läuft keine Zeiterfassung',
  recorded: 'Zeit wurde erfasst',
  started: 'Zeiterfassung gestartet',
  stopped: 'Zeiterfassung beendet',
  noInvoice: 'Für diese Aufgabe gibt es keine Rechnung',
});
