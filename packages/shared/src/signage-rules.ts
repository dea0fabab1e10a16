import { toVienna, viennaDay } from './vienna-time.js';

/**
 * Rules of digital signage (OKDS) that the server and the screens share: a device's effective
 * status, the days its licence has left, and whether an item plays at a moment (Vienna time).
 */

export const DEVICE_STATUSES = ['pending', 'active', 'locked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const EFFECTIVE_STATUSES = ['active', 'pending', 'locked', 'expired'] as const;
export type EffectiveStatus = (typeof EFFECTIVE_STATUSES)[number];

/** Default image duration (s), assignment window and weekdays; the schedule's defaults (spec section 9). */
export const SIGNAGE_DEFAULT_DURATION = 10;
export const SIGNAGE_DEFAULT_WINDOW = { start_time: '00:00', end_time: '23:59' } as const;
export const SCHEDULE_DEFAULT_WINDOW = { start_time: '08:00', end_time: '17:00' } as const;
export const ALL_DAYS = '1,2,3,4,5,6,7';
/** Device list and overview refresh (spec: Polling), and the screen's own playlist poll. */
export const SIGNAGE_REFRESH_MS = 300_000;
export const PLAYER_POLL_MS = 30_000;
/** A device not heard from for this long is offline (three missed polls; issue 33: a report within 90 s). */
export const DEVICE_OFFLINE_AFTER_MS = 90_000;
/**
 * Offline this long while it has something to play now: the status board warns and the signage staff
 * are told once per outage (`device_offline`).
 */
export const DEVICE_OFFLINE_ALERT_MS = 10 * 60_000;
/** The status board asks again this often (half a poll: `online` turns within 15 s of the 90). */
export const SIGNAGE_STATUS_REFRESH_MS = 15_000;
/**
 * Limits of what a screen reports with each poll (issue 33): the sizes of real screens and caches with
 * room to spare, so a report cannot overflow a column or fill one with text.
 */
export const PLAYER_REPORT_LIMITS = {
  versionMax: 64,
  appVersionMax: 64,
  /** 1 TiB of cached media. */
  cacheBytesMax: 2 ** 40,
  cacheFilesMax: 100_000,
  /** Pixels of the window, either side (16K and then some). */
  screenMax: 20_000,
} as const;
/** Wrong activation codes a device may get before it has to register anew. */
export const ACTIVATION_MAX_TRIES = 5;
export const SIGNAGE_SEARCH_MIN = 2;
/** The longest device name and schedule name (the columns' limits, named in their messages). */
export const SIGNAGE_DEVICE_NAME_MAX = 100;
export const SIGNAGE_SCHEDULE_NAME_MAX = 200;
/** Thumbnails a schedule shows in the list (a "+n" beyond). */
export const SCHEDULE_PREVIEW_ITEMS = 4;
export const SIGNAGE_SEARCH_MAX_ROWS = 20;
/** A video may be this large unless SIGNAGE_MAX_VIDEO_MB says otherwise. */
export const SIGNAGE_MAX_VIDEO_MB = 200;
/** What content may be, checked by content on the server. */
export const SIGNAGE_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
} as const;

/** `YYYY-MM-DD` of a moment in Vienna. */

const dayNumber = (isoDay: string) => {
  const [y, m, d] = isoDay.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
};

/**
 * Whole days from today in Vienna to the licence's last day (`YYYY-MM-DD` or a timestamp, taken as its
 * Vienna day): 0 on that day itself, negative after it, null without a licence date.
 */
export function daysRemaining(licenseUntil: string | Date | null | undefined, now: Date): number | null {
  if (!licenseUntil) return null;
  const until =
    typeof licenseUntil === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(licenseUntil)
      ? licenseUntil
      : viennaDay(new Date(licenseUntil));
  return dayNumber(until) - dayNumber(viennaDay(now));
}

/** The licence's last day one year after `now` (Vienna), as activation sets it unless staff chose one. */
export function licenseOneYearFrom(now: Date): string {
  const [y, m, d] = viennaDay(now).split('-').map(Number);
  // 29 February plus a year is 28 February.
  const last = new Date(Date.UTC(y! + 1, m! - 1, 1));
  const dim = new Date(Date.UTC(y! + 1, m!, 0)).getUTCDate();
  last.setUTCDate(Math.min(d!, dim));
  return last.toISOString().slice(0, 10);
}

/**
 * `locked` if staff locked it; else `pending` until activated; else `expired` when no days remain
 * (shown as "Abgelaufen"); else `active`. A device without a licence date does not expire.
 */
export function effectiveStatus(
  device: { status: string; license_until: string | Date | null },
  now: Date,
): EffectiveStatus {
  if (device.status === 'locked') return 'locked';
  if (device.status !== 'active') return 'pending';
  const left = daysRemaining(device.license_until, now);
  if (left !== null && left <= 0) return 'expired';
  return 'active';
}

/** `HH:MM` 00:00–23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * A time of day as typed (`8`, `830`, `0830`, `8:30`, `8.30`, `8h30`) in 24-hour `HH:MM`; anything
 * else is given back as typed (trimmed), for the schema to refuse with its message.
 */
export function normaliseTimeOfDay(typed: string): string {
  const text = typed.trim();
  const m = /^(\d{1,2})(?:[:.hH]?(\d{2}))?$/.exec(text);
  if (!m) return text;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
/** Comma-joined weekdays 1–7 (Monday = 1), each once. */
export const DAYS_LIST = /^[1-7](,[1-7]){0,6}$/;

export function parseDays(days: string): number[] {
  return [...new Set(days.split(',').map((d) => Number(d.trim())))]
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
    .sort((a, b) => a - b);
}

export const joinDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b).join(',');

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface PlayWindow {
  start_time: string;
  end_time: string;
  /** Comma-joined weekdays 1–7, Monday = 1. */
  days_of_week: string;
}

/** Weekday 1–7 (Monday = 1) and minute of the day of a moment in Vienna. */
export function viennaWeekMinute(now: Date): { weekday: number; minute: number } {
  const v = toVienna(now);
  return { weekday: ((v.getDay() + 6) % 7) + 1, minute: v.getHours() * 60 + v.getMinutes() };
}

/**
 * Whether something with this window plays at `now` in Vienna: on one of its weekdays, from its start
 * minute up to (not including) its end minute, where an end of 23:59 means the end of the day.
 */
export function playsNow(w: PlayWindow, now: Date): boolean {
  const { weekday, minute } = viennaWeekMinute(now);
  if (!parseDays(w.days_of_week).includes(weekday)) return false;
  const end = w.end_time === '23:59' ? 24 * 60 : minutes(w.end_time);
  return minute >= minutes(w.start_time) && minute < end;
}

/**
 * The window in which both play: an item inside its schedule. The later start, the earlier end, the
 * weekdays of both; null when they never meet. Exact: `playsNow(narrowed)` is `playsNow(item) &&
 * playsNow(schedule)` at every moment (windows never cross midnight), so a screen can carry one window
 * per item and decide offline as the server would.
 */
export function narrowWindow<T extends PlayWindow>(item: T, schedule: PlayWindow): T | null {
  const start_time = item.start_time > schedule.start_time ? item.start_time : schedule.start_time;
  const end_time = item.end_time < schedule.end_time ? item.end_time : schedule.end_time;
  const inSchedule = new Set(parseDays(schedule.days_of_week));
  const days = parseDays(item.days_of_week).filter((d) => inSchedule.has(d));
  const endMinute = end_time === '23:59' ? 24 * 60 : minutes(end_time);
  if (days.length === 0 || minutes(start_time) >= endMinute) return null;
  return { ...item, start_time, end_time, days_of_week: joinDays(days) };
}

/**
 * What plays at `now` of a device's items: those inside their window, by display order (ties keep the
 * list's order). The server's playlist answer and the screen while offline use this one rule.
 */
export function playingAt<T extends PlayWindow & { display_order: number }>(items: readonly T[], now: Date): T[] {
  return items
    .filter((i) => playsNow(i, now))
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.display_order - b.item.display_order || a.i - b.i)
    .map(({ item }) => item);
}

/** `start_time` before `end_time` (both `HH:MM`). */
export const startsBeforeEnd = (start: string, end: string) => minutes(start) < minutes(end);
