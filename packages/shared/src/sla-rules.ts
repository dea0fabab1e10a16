/**
 * Service levels of tasks (issue 31): the deadlines a task's policy gives it on its country's calendar,
 * paused time added, and the state a board shows. The server stores the deadlines on the task
 * (recomputed only on pause, resume, a policy or a calendar change) and mirrors `slaState` in SQL for
 * the board's filter; this module is the rule both follow.
 */
import {
  addWorkingMinutes,
  subtractWorkingMinutes,
  workingMinutesBetween,
  type ServiceCalendar,
} from './service-calendar.js';
import { TASK_TYPE } from './enums.js';

export const SLA_CLOCKS = ['business', 'always'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];

export const SLA_STATES = ['ok', 'warning', 'breached', 'met', 'paused'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** A task type's service level; `resolution_minutes` null: the task's own `frist` is the resolution deadline. */
export interface SlaPolicy {
  task_type_id: number;
  response_minutes: number;
  resolution_minutes: number | null;
  clock: SlaClock;
}

/** Minutes left under which a running deadline is shown as a warning. */
export const SLA_WARNING_MINUTES = 60;
/** The warnings sent before a deadline, in minutes left on the task's clock. */
export const SLA_ALERT_MINUTES = [60, 15] as const;

/** A working day of regular support as minutes (the spec's Monday to Thursday, 09:30–17:30). */
export const WORKING_DAY_MINUTES = 8 * 60;

/**
 * The shipped policies: regular support answers within 240 working minutes and is resolved within three
 * working days; an emergency is answered within 60 minutes on the clock that never stops; the public
 * forms' own deadlines (menu change on the chosen day, DEP and company switch three working days) stay
 * the task's `frist`.
 */
export const DEFAULT_SLA_POLICIES: SlaPolicy[] = [
  {
    task_type_id: TASK_TYPE.support,
    response_minutes: 240,
    resolution_minutes: 3 * WORKING_DAY_MINUTES,
    clock: 'business',
  },
  { task_type_id: TASK_TYPE.emergency, response_minutes: 60, resolution_minutes: 8 * 60, clock: 'always' },
  { task_type_id: TASK_TYPE.menu, response_minutes: 240, resolution_minutes: null, clock: 'business' },
  { task_type_id: TASK_TYPE.switch, response_minutes: 240, resolution_minutes: null, clock: 'business' },
  { task_type_id: TASK_TYPE.dep, response_minutes: 240, resolution_minutes: null, clock: 'business' },
  {
    task_type_id: TASK_TYPE.integration,
    response_minutes: 240,
    resolution_minutes: 3 * WORKING_DAY_MINUTES,
    clock: 'business',
  },
  {
    task_type_id: TASK_TYPE.rksv,
    response_minutes: 240,
    resolution_minutes: 3 * WORKING_DAY_MINUTES,
    clock: 'business',
  },
];

/** `minutes` on the policy's clock after `start`. */
export function addClockMinutes(cal: ServiceCalendar, clock: SlaClock, start: Date | number, minutes: number): Date {
  return clock === 'always' ? new Date(+start + minutes * 60_000) : addWorkingMinutes(cal, start, minutes);
}

/** `minutes` on the policy's clock before `end`. */
export function subtractClockMinutes(cal: ServiceCalendar, clock: SlaClock, end: Date | number, minutes: number): Date {
  return clock === 'always' ? new Date(+end - minutes * 60_000) : subtractWorkingMinutes(cal, end, minutes);
}

/** Minutes on the policy's clock from `from` to `to` (0 when `to` is not later). */
export function clockMinutesBetween(
  cal: ServiceCalendar,
  clock: SlaClock,
  from: Date | number,
  to: Date | number,
): number {
  if (+to <= +from) return 0;
  return clock === 'always' ? (+to - +from) / 60_000 : workingMinutesBetween(cal, from, to);
}

/** What of a task decides its service level. */
export interface SlaFacts {
  created_at: Date | string;
  /** The task's own deadline, the resolution deadline of policies without resolution minutes. */
  frist: Date | string;
  /** The first note, message or status change by staff. */
  responded_at: Date | string | null;
  /** Set while the task is paused. */
  paused_at: Date | string | null;
  /** Minutes on the task's clock of every finished pause. */
  paused_minutes: number;
}

export interface SlaDeadlines {
  response_due_at: Date;
  resolution_due_at: Date;
}

/**
 * The deadlines of a task: the policy's minutes on its clock from creation, moved later by the paused
 * minutes; a policy without resolution minutes takes the task's `frist`, moved by the paused minutes.
 */
export function slaDeadlines(cal: ServiceCalendar, policy: SlaPolicy, facts: SlaFacts): SlaDeadlines {
  const created = new Date(facts.created_at);
  const paused = Math.max(0, facts.paused_minutes);
  const response_due_at = addClockMinutes(cal, policy.clock, created, policy.response_minutes + paused);
  const frist = new Date(facts.frist);
  const resolution_due_at =
    policy.resolution_minutes === null
      ? paused > 0
        ? addClockMinutes(cal, policy.clock, frist, paused)
        : frist
      : addClockMinutes(cal, policy.clock, created, policy.resolution_minutes + paused);
  return { response_due_at, resolution_due_at };
}

export interface SlaView {
  response_due_at: string;
  resolution_due_at: string;
  responded_at: string | null;
  paused: boolean;
  /** Minutes left on the task's clock to the running deadline (negative once passed); null when done. */
  remaining_minutes: number | null;
  state: SlaState;
}

/**
 * The service level as a board shows it at `now`. A finished task (`erledigt`, `abgeschlossen`) met its
 * level when it was answered and finished in time. An open one runs against its response deadline until
 * answered, then its resolution deadline (a late answer counts as breached in the statistics, while the
 * board shows the deadline still running, as its `sla` filter finds it).
 */
export function slaView(
  cal: ServiceCalendar,
  policy: SlaPolicy,
  facts: SlaFacts & { status: string; erledigt_am: Date | string | null },
  deadlines: SlaDeadlines,
  now: Date | number,
): SlaView {
  const t = +now;
  const responded = facts.responded_at ? +new Date(facts.responded_at) : null;
  const responseMissed = responded === null ? t >= +deadlines.response_due_at : responded > +deadlines.response_due_at;
  const base = {
    response_due_at: deadlines.response_due_at.toISOString(),
    resolution_due_at: deadlines.resolution_due_at.toISOString(),
    responded_at: responded === null ? null : new Date(responded).toISOString(),
    paused: facts.paused_at !== null,
  };
  if (facts.status !== 'offen') {
    const done = facts.erledigt_am ? +new Date(facts.erledigt_am) : t;
    const met = !responseMissed && done <= +deadlines.resolution_due_at;
    return { ...base, remaining_minutes: null, state: met ? 'met' : 'breached' };
  }
  const due = responded === null ? deadlines.response_due_at : deadlines.resolution_due_at;
  // While paused the clock stands at the pause's start.
  const at = facts.paused_at ? +new Date(facts.paused_at) : t;
  const remaining =
    at < +due ? clockMinutesBetween(cal, policy.clock, at, due) : -clockMinutesBetween(cal, 'always', due, at);
  const state: SlaState = facts.paused_at
    ? 'paused'
    : at >= +due
      ? 'breached'
      : remaining < SLA_WARNING_MINUTES
        ? 'warning'
        : 'ok';
  return { ...base, remaining_minutes: Math.floor(remaining), state };
}
