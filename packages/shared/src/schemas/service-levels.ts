import { z } from 'zod';
import { SERVICE_LEVELS_MSG as MSG } from '../messages/service-levels.js';
import { TASKS_MSG } from '../messages/tasks.js';
import { COUNTRY, TASK_TYPE } from '../enums.js';
import { trimInvisible } from '../input-hygiene.js';
import { SLA_CLOCKS } from '../sla-rules.js';
import { apiDay, apiMonth } from './dates.js';

/*
 * Service levels (issue 31): a country's service calendar (weekly hours, holidays), the task types'
 * policies and the month's figures. The rules themselves live in service-calendar.ts and sla-rules.ts.
 */

const COUNTRY_IDS: readonly number[] = Object.values(COUNTRY);
const TASK_TYPE_IDS: readonly number[] = Object.values(TASK_TYPE);

const pathId = (message: string, known: readonly number[]) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((n) => known.includes(n), message);

export const serviceCountryParams = z.object({ countryId: pathId(MSG.invalidCountry.code, COUNTRY_IDS) });
export const slaTaskTypeParams = z.object({ taskTypeId: pathId(TASKS_MSG.invalidType.code, TASK_TYPE_IDS) });

/** Wall-clock time `HH:MM`, 00:00 to 23:59, or 24:00 as the end of a day. */
export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string({ error: MSG.time.code }).regex(HHMM, MSG.time.code);

/** One opening interval: weekday 1 (Monday) to 7 (Sunday), start before end. */
export const serviceHoursSchema = z
  .object({
    weekday: z.number({ error: MSG.weekday.code }).int(MSG.weekday.code).min(1, MSG.weekday.code).max(7, MSG.weekday.code),
    start: time,
    end: time,
  })
  .refine((h) => !HHMM.test(h.start) || !HHMM.test(h.end) || h.start < h.end, {
    message: MSG.startBeforeEnd.code,
    path: ['end'],
  });

/** A day set by hand: closed (a holiday added or moved there) or open (`closed: false` cancels a computed one). */
export const manualDaySchema = z.object({
  date: apiDay(MSG.date.code),
  name: z
    .string({ error: MSG.dayName.code })
    .overwrite(trimInvisible)
    .min(1, { message: MSG.dayName.code, abort: true })
    .max(100, MSG.dayNameMax.code),
  closed: z.boolean({ error: MSG.dayName.code }).default(true),
});

/** PUT /api/service-calendars/{countryId}: the weekly hours and the manual days, replaced as a whole. */
export const serviceCalendarInputSchema = z
  .object({
    hours: z.array(serviceHoursSchema, { error: MSG.time.code }).max(50, MSG.tooManyHours.code),
    holidays: z.array(manualDaySchema, { error: MSG.date.code }).max(400, MSG.tooManyDays.code),
  })
  .superRefine((v, c) => {
    const seen = new Set<string>();
    v.holidays.forEach((d, i) => {
      if (seen.has(d.date)) c.addIssue({ code: 'custom', message: MSG.dateTwice.code, path: ['holidays', i, 'date'] });
      seen.add(d.date);
    });
  });
export type ServiceCalendarInput = z.infer<typeof serviceCalendarInputSchema>;

const count = z.number().int().min(0);

/** A country's calendar as staff read it: hours, every closed day of the next 12 months, the manual days. */
export const serviceCalendarSchema = z.object({
  country_id: z.number().int(),
  zone: z.string(),
  hours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  /** Closed days from today to twelve months ahead: computed holidays and manual closed days. */
  holidays: z.array(
    z.object({
      date: z.string(),
      name: z.string(),
      source: z.enum(['computed', 'manual']),
      /** A computed holiday's ids, for its name in the reader's language (the German `name` beside it). */
      keys: z.array(z.object({ key: z.string(), day: z.number().int().optional() })).optional(),
    }),
  ),
  /** The days an admin set by hand (closed, or open: a computed holiday cancelled), every date. */
  manual: z.array(z.object({ date: z.string(), name: z.string(), closed: z.boolean() })),
  /** Open tasks of the country: what a change recomputes. */
  open_tasks: count,
});
export type ServiceCalendarView = z.infer<typeof serviceCalendarSchema>;
export const serviceCalendarListSchema = z.array(serviceCalendarSchema);
export const serviceCalendarSavedSchema = serviceCalendarSchema.extend({
  message: z.string(),
  code: z.string().optional(),
  /** Open tasks whose deadlines were recomputed. */
  recomputed: count,
});

const minutes = z
  .number({ error: MSG.minutes.code })
  .int(MSG.minutes.code)
  .min(1, MSG.minutes.code)
  .max(100_000, MSG.minutes.code);

/** PUT /api/sla-policies/{taskTypeId}; `resolution_minutes` null: the task's own `frist` is its deadline. */
export const slaPolicyInputSchema = z.object({
  response_minutes: minutes,
  resolution_minutes: minutes.nullable(),
  clock: z.enum(SLA_CLOCKS, { error: MSG.clock.code }),
});
export type SlaPolicyInput = z.infer<typeof slaPolicyInputSchema>;

export const slaPolicySchema = z.object({
  task_type_id: z.number().int(),
  response_minutes: z.number().int(),
  resolution_minutes: z.number().int().nullable(),
  clock: z.enum(SLA_CLOCKS),
  /** Whether an admin set it (else the shipped default). */
  custom: z.boolean(),
  /** Open tasks of the type: what a change recomputes. */
  open_tasks: count,
});
export type SlaPolicyView = z.infer<typeof slaPolicySchema>;
export const slaPolicyListSchema = z.array(slaPolicySchema);
export const slaPolicySavedSchema = slaPolicySchema.extend({
  message: z.string(),
  code: z.string().optional(),
  recomputed: count,
});

/** GET /api/get-sla-stats/{countryId}?month=YYYY-MM */
export const slaStatsQuerySchema = z.object({ month: apiMonth(MSG.month.code) });

const figures = { met: count, breached: count, open_breached: count };
export const slaStatsSchema = z.object({
  ...figures,
  by_type: z.array(z.object({ task_type_id: z.number().int(), ...figures })),
  by_agent: z.array(z.object({ user_id: z.number().int(), name: z.string(), ...figures })),
});
export type SlaStats = z.infer<typeof slaStatsSchema>;
