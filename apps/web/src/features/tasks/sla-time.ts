import {
  clockMinutesBetween,
  DEFAULT_SLA_POLICIES,
  defaultServiceCalendar,
  SLA_WARNING_MINUTES,
  type ServiceCalendar,
  type SlaState,
  type TaskRow,
} from '@portal/shared';
import type { SlaRules } from './api/get-service-levels';

/** One calendar object per country: the shared rule keeps its holidays and daily hours per object. */
const calendars = new Map<number, ServiceCalendar>();
function calendarOf(countryId: number): ServiceCalendar {
  let cal = calendars.get(countryId);
  if (!cal) calendars.set(countryId, (cal = defaultServiceCalendar(countryId)));
  return cal;
}

export interface SlaNow {
  state: SlaState;
  /** Whole minutes left on the task's clock (negative once passed); null when finished. */
  minutes: number | null;
}

/**
 * A task's service level at `now`, counted on in the browser between two fetches (the board refreshes
 * it every minute without asking the server): the running deadline the server sent, on the country's
 * calendar and the type's clock as the admins set them (`rules`; the shipped ones until they are in),
 * the same rule as the server's `slaView`. A paused or finished task keeps what the server said.
 */
export function slaAt(
  task: Pick<TaskRow, 'sla' | 'typ' | 'country_id' | 'status'>,
  now: number,
  rules: SlaRules | null = null,
): SlaNow | null {
  const sla = task.sla;
  if (!sla) return null;
  if (task.status !== 'offen' || sla.paused || sla.remaining_minutes === null) {
    return { state: sla.state, minutes: sla.remaining_minutes };
  }
  const due = Date.parse(sla.responded_at ? sla.resolution_due_at : sla.response_due_at);
  const clock =
    rules?.clocks.get(task.typ) ?? DEFAULT_SLA_POLICIES.find((p) => p.task_type_id === task.typ)?.clock ?? 'business';
  const cal = rules?.calendars.get(task.country_id) ?? calendarOf(task.country_id);
  const minutes = now < due ? Math.floor(clockMinutesBetween(cal, clock, now, due)) : -Math.floor((now - due) / 60_000);
  const state: SlaState = now >= due ? 'breached' : minutes < SLA_WARNING_MINUTES ? 'warning' : 'ok';
  return { state, minutes };
}

/** Hours and minutes of an amount of minutes (its absolute value). */
export function hoursAndMinutes(minutes: number): { h: number; m: number } {
  const abs = Math.abs(minutes);
  return { h: Math.floor(abs / 60), m: abs % 60 };
}
