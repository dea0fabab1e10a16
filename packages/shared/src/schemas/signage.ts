import { SEARCH_TEXT_MAX } from '../text-limits.js';
import { z } from 'zod';
import { trimInvisible } from '../input-hygiene.js';
import { isApiDay } from './dates.js';
import { SIGNAGE_MSG } from '../messages/signage.js';
import {
  ALL_DAYS,
  DAYS_LIST,
  EFFECTIVE_STATUSES,
  parseDays,
  SIGNAGE_DEFAULT_DURATION,
  SIGNAGE_DEFAULT_WINDOW,
  SIGNAGE_DEVICE_NAME_MAX,
  SIGNAGE_SCHEDULE_NAME_MAX,
  SIGNAGE_SEARCH_MIN,
  startsBeforeEnd,
  TIME_OF_DAY,
  joinDays,
  PLAYER_REPORT_LIMITS,
} from '../signage-rules.js';

/**
 * Request and answer schemas of digital signage (backoffice.md "Digital signage", issue 18): the
 * staff calls under /api/okds-…, and the screens' calls under /ds/api/….
 */

const DB_ID_MAX = 2_147_483_647;
const id = (message: string = SIGNAGE_MSG.deviceNotFound.code) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(DB_ID_MAX, message);
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .overwrite(trimInvisible)
    .max(max, tooLong)
    .transform((v) => (v === '' ? null : v));
/** `HH:MM` (24 hours); empty is `missing` (a required field's message), anything else the format's. */
const time = (missing: string = SIGNAGE_MSG.timeFormat.code) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    // Not aborting: the form's other fields and the customer are still checked beside it.
    .refine((v) => v === '' || TIME_OF_DAY.test(v), SIGNAGE_MSG.timeFormat.code);
/** Comma-joined weekdays, normalised (sorted, each once). */
const days = (message: string = SIGNAGE_MSG.daysFormat.code) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(DAYS_LIST, message))
    .transform((v) => joinDays(parseDays(v)));
const duration = z.coerce
  .number({ error: SIGNAGE_MSG.durationInvalid.code })
  .int(SIGNAGE_MSG.durationInvalid.code)
  .min(1, SIGNAGE_MSG.durationInvalid.code)
  .max(86_400, SIGNAGE_MSG.durationInvalid.code);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, SIGNAGE_MSG.invalidDate.code)
  .refine(isApiDay, SIGNAGE_MSG.invalidDate.code);

export const signageIdParamSchema = z.object({ id: id() });
export const signagePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// ---- devices -------------------------------------------------------------------------------------

export const signageEffectiveStatusSchema = z.enum(EFFECTIVE_STATUSES);

export const deviceRowSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string().nullable(),
  uuid: z.string(),
  device_type: z.string(),
  location: z.string().nullable(),
  status: z.enum(['pending', 'active', 'locked']),
  effective_status: signageEffectiveStatusSchema,
  license_until: z.string().nullable(),
  days_remaining: z.number().int().nullable(),
  last_seen: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  stripe_cu_id: z.string().nullable(),
  /** Five wrong codes: the device must register anew before a code is checked again. */
  activation_locked: z.boolean(),
  created_at: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

export const deviceListQuerySchema = signagePageQuerySchema.extend({
  status: z.enum(['all', ...EFFECTIVE_STATUSES]).default('all'),
  q: z
    .string()
    .overwrite((s) => s.trim().slice(0, SEARCH_TEXT_MAX))
    .default(''),
});
export const deviceListSchema = z.object({ rows: z.array(deviceRowSchema), total: z.number().int() });

export const updateDeviceSchema = z.object({
  device_name: optionalText(SIGNAGE_DEVICE_NAME_MAX, SIGNAGE_MSG.deviceNameTooLong.code).optional(),
  location: optionalText(200, SIGNAGE_MSG.locationTooLong.code).optional(),
  license_until: isoDay.nullable().optional(),
  status: z.enum(['active', 'locked']).optional(),
});
export type UpdateDeviceInput = z.infer<typeof updateDeviceSchema>;

/**
 * The activation code as typed: spaces and dashes (`123 456`, `123-456`) are ignored. The one
 * normalisation of the code, for the per-row activation, "Gerät hinzufügen" and its form.
 */
const activationCodeText = z
  .string({ error: SIGNAGE_MSG.codeRequired.code })
  .transform((v) => v.replace(/[\s-]+/g, ''));
/** The six digits a screen shows, normalised: "Gerät hinzufügen" on the server and in its form. */
export const activationCodeSchema = activationCodeText.pipe(
  z
    .string()
    .min(1, SIGNAGE_MSG.codeRequired.code)
    // An empty code gets one message, the required one (a form shows one message per field).
    .refine((v) => v === '' || /^\d{6}$/.test(v), SIGNAGE_MSG.codeWrong.code),
);

export const assignCustomerSchema = z.object({ customer_id: id(SIGNAGE_MSG.customerRequired.code) });
/**
 * The code the screen shows, and the customer the device is activated for: both are set together,
 * only when the code is right. Without `customer_id` the device keeps the customer it has (and needs one).
 */
export const verifyActivationSchema = z.object({
  // Any length reaches the check (a wrong code counts as a try); only the form is normalised.
  activation_code: activationCodeText.pipe(
    z.string().min(1, SIGNAGE_MSG.codeRequired.code).max(20, SIGNAGE_MSG.codeWrong.code),
  ),
  customer_id: id(SIGNAGE_MSG.customerRequired.code).nullish(),
});
export type VerifyActivationInput = z.input<typeof verifyActivationSchema>;

/**
 * "Gerät hinzufügen": the six digits the screen shows find its pending device, which is activated at
 * once for the customer chosen, under the name given (spaces and dashes in the code are ignored).
 */
export const activateByCodeSchema = z.object({
  activation_code: activationCodeSchema,
  customer_id: id(SIGNAGE_MSG.customerRequired.code),
  device_name: optionalText(SIGNAGE_DEVICE_NAME_MAX, SIGNAGE_MSG.deviceNameTooLong.code).optional(),
});
export type ActivateByCodeInput = z.input<typeof activateByCodeSchema>;

export const signageOverviewSchema = z.object({
  stats: z.object({
    total: z.number().int(),
    active: z.number().int(),
    pending: z.number().int(),
    locked: z.number().int(),
    expired: z.number().int(),
  }),
  devicesByMonth: z.record(z.string(), z.number().int()),
  byType: z.array(z.object({ device_type: z.string(), total: z.number().int() })),
});
export type SignageOverview = z.infer<typeof signageOverviewSchema>;

// ---- customers -----------------------------------------------------------------------------------

export const signageCustomerSearchSchema = z.object({
  query: z
    .string({ error: SIGNAGE_MSG.searchMin.code })
    .trim()
    .overwrite((s) => s.slice(0, SEARCH_TEXT_MAX))
    .min(SIGNAGE_SEARCH_MIN, SIGNAGE_MSG.searchMin.code),
});
export const signageCustomerHitSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  stripe_cu_id: z.string().nullable(),
  kundennummer: z.string(),
  firma: z.string(),
});
export type SignageCustomerHit = z.infer<typeof signageCustomerHitSchema>;

export const signageCustomerRowSchema = z.object({
  customer_id: z.number().int(),
  firma: z.string(),
  kundennummer: z.string(),
  email: z.string().nullable(),
  stripe_cu_id: z.string().nullable(),
  devices: z.array(
    z.object({
      device_id: z.number().int(),
      device_name: z.string().nullable(),
      effective_status: signageEffectiveStatusSchema,
    }),
  ),
  schedule_count: z.number().int(),
  content_count: z.number().int(),
});
export const signageCustomerListSchema = z.object({ rows: z.array(signageCustomerRowSchema), total: z.number().int() });
export type SignageCustomerRow = z.infer<typeof signageCustomerRowSchema>;

export const deviceStatusRowSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string().nullable(),
  customer_name: z.string().nullable(),
  effective_status: signageEffectiveStatusSchema,
  last_seen: z.string().nullable(),
  /** A report within DEVICE_OFFLINE_AFTER_MS (90 s) by the server's clock. */
  online: z.boolean(),
  /** The file names of the device's last playlist answer. */
  playing: z.array(z.string()),
  // What the screen itself reported with its last poll (issue 33): null until a player reports them.
  /** The file on the screen at its last report (null: nothing, or not reported). */
  now_playing_file_id: z.number().int().nullable(),
  /** That file's name, while the file exists. */
  now_playing_file_name: z.string().nullable(),
  /** The version it runs is the one the server would give it now (null: it has not said which it runs). */
  version_current: z.boolean().nullable(),
  cache_bytes: z.number().int().nullable(),
  cache_files: z.number().int().nullable(),
  app_version: z.string().nullable(),
  screen: z.object({ w: z.number().int(), h: z.number().int() }).nullable(),
  /** Offline for over DEVICE_OFFLINE_ALERT_MS (10 minutes) while it has something to play now. */
  offline_alert: z.boolean(),
});
export const deviceStatusListSchema = z.object({ rows: z.array(deviceStatusRowSchema), total: z.number().int() });
export type DeviceStatusRow = z.infer<typeof deviceStatusRowSchema>;

// ---- files and content ---------------------------------------------------------------------------

export const contentFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_type: z.enum(['image', 'video']),
  mime: z.string(),
  size: z.number().int(),
  file_path: z.string(),
  duration: z.number().int(),
  /** The first device it is assigned to (the spec's field), and how many devices show it. */
  device_id: z.number().int().nullable(),
  device_count: z.number().int(),
  created_at: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;
export const contentFileListSchema = z.object({ rows: z.array(contentFileSchema), total: z.number().int() });

/** The multipart text fields of POST /api/okds-upload. */
export const signageUploadFieldsSchema = z.object({ duration: duration.default(SIGNAGE_DEFAULT_DURATION) });

const windowFields = {
  start_time: time().default(SIGNAGE_DEFAULT_WINDOW.start_time),
  end_time: time().default(SIGNAGE_DEFAULT_WINDOW.end_time),
  days_of_week: days().default(ALL_DAYS),
};
const inOrder = (w: { start_time: string; end_time: string }) => startsBeforeEnd(w.start_time, w.end_time);
/** The order of the window is checked once both times are times (each field says its own fault first). */
const isObject = (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null;
const timesValid = (p: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  isObject(p) && !p.issues.some((i) => i.path?.[0] === 'start_time' || i.path?.[0] === 'end_time');
const orderCheck = { message: SIGNAGE_MSG.timeOrder.code, path: ['end_time'], when: timesValid };

/** The multipart text fields of POST /api/okds-content-schedule/{id}/upload. */
export const signageScheduleUploadFieldsSchema = z
  .object({ duration: duration.default(SIGNAGE_DEFAULT_DURATION), ...windowFields })
  .refine(inOrder, orderCheck);

export const signageContentItemSchema = z
  .object({
    file_id: id(SIGNAGE_MSG.fileNotFound.code),
    display_order: z.coerce.number().int().min(0).max(100_000).default(0),
    duration: duration.optional(),
    ...windowFields,
  })
  .refine(inOrder, orderCheck);
export type SignageContentItemInput = z.input<typeof signageContentItemSchema>;

export const assignContentSchema = z.object({
  content: z
    .array(signageContentItemSchema, { error: SIGNAGE_MSG.contentRequired.code })
    .min(1, SIGNAGE_MSG.contentRequired.code)
    .max(500),
});
export const scheduleContentSchema = z.object({
  content: z.array(signageContentItemSchema, { error: SIGNAGE_MSG.contentRequired.code }).max(500),
});
export const moveContentSchema = z.object({
  contentIds: z
    .array(id(SIGNAGE_MSG.contentNotFound.code), { error: SIGNAGE_MSG.contentRequired.code })
    .min(1, SIGNAGE_MSG.contentRequired.code)
    .max(500),
  deviceId: id(SIGNAGE_MSG.deviceRequired.code),
});

/** A content item as assigned (to a device or a schedule), with the file it shows. */
export const assignedContentSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  file_name: z.string(),
  file_type: z.enum(['image', 'video']),
  file_path: z.string(),
  display_order: z.number().int(),
  duration: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.string(),
});
export type AssignedContent = z.infer<typeof assignedContentSchema>;

// ---- schedules -----------------------------------------------------------------------------------

export const scheduleInputSchema = z
  .object({
    schedule_name: z
      .string({ error: SIGNAGE_MSG.scheduleRequired.code })
      .overwrite(trimInvisible)
      .min(1, SIGNAGE_MSG.scheduleRequired.code)
      .max(SIGNAGE_SCHEDULE_NAME_MAX, SIGNAGE_MSG.scheduleNameTooLong.code),
    stripe_customer_id: z.string().trim().max(100).nullish(),
    customer_id: z.coerce.number().int().positive().max(DB_ID_MAX).nullish(),
    start_time: time(SIGNAGE_MSG.scheduleRequired.code),
    end_time: time(SIGNAGE_MSG.scheduleRequired.code),
    // An empty field gets the spec's one message of a missing field, a malformed one its own.
    days: z.string({ error: SIGNAGE_MSG.scheduleRequired.code }).min(1, SIGNAGE_MSG.scheduleRequired.code).pipe(days()),
    status: z.enum(['active', 'inactive']).default('active'),
  })
  .refine((s) => Boolean(s.stripe_customer_id) || Boolean(s.customer_id), {
    message: SIGNAGE_MSG.scheduleRequired.code,
    path: ['stripe_customer_id'],
    // Said beside the other fields' faults, not only once they are right.
    when: isObject,
  })
  .refine(inOrder, orderCheck);
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const scheduleListQuerySchema = signagePageQuerySchema.extend({
  status: z.enum(['active', 'inactive', 'all']).default('active'),
});
export const scheduleRowSchema = z.object({
  schedule_id: z.number().int(),
  schedule_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.string(),
  status: z.enum(['active', 'inactive']),
  stripe_customer_id: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  content_count: z.number().int(),
  /** The first items in playing order (at most SCHEDULE_PREVIEW_ITEMS), for the list's thumbnail strip. */
  preview: z.array(
    z.object({
      file_id: z.number().int(),
      file_name: z.string(),
      file_type: z.enum(['image', 'video']),
      file_path: z.string(),
    }),
  ),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;
export const scheduleListSchema = z.object({ rows: z.array(scheduleRowSchema), total: z.number().int() });

// ---- the screens' API (/ds/api) ------------------------------------------------------------------

export const registerDeviceSchema = z.object({
  uuid: z
    .string({ error: SIGNAGE_MSG.uuidRequired.code })
    .trim()
    .min(8, SIGNAGE_MSG.uuidRequired.code)
    .max(100, SIGNAGE_MSG.uuidRequired.code)
    .regex(/^[A-Za-z0-9_-]+$/, SIGNAGE_MSG.uuidRequired.code),
  device_name: optionalText(SIGNAGE_DEVICE_NAME_MAX, SIGNAGE_MSG.deviceNameTooLong.code).optional(),
  device_type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_-]{1,30}$/)
    .optional(),
});
export const registerAnswerSchema = z.object({ device_key: z.string(), activation_code: z.string() });

export const playlistItemSchema = z.object({
  file_id: z.number().int(),
  url: z.string(),
  file_type: z.enum(['image', 'video']),
  duration: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.string(),
  display_order: z.number().int(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

const L = PLAYER_REPORT_LIMITS;
const count = (max: number) => z.coerce.number().int().min(0).max(max).optional();
const label = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[\x21-\x7e]*$/)
    .transform((v) => v || undefined)
    .optional();
/**
 * What a screen reports with each playlist call (issue 33), as query parameters: the version in force,
 * the file on screen, its cache, the player's build and its window (`screen_w` × `screen_h`). Every
 * field is optional, so players from before still poll; a value out of range is refused at its field.
 */
export const playerReportQuerySchema = z.object({
  version: label(L.versionMax),
  now_playing_file_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  cache_bytes: count(L.cacheBytesMax),
  cache_files: count(L.cacheFilesMax),
  app_version: label(L.appVersionMax),
  screen_w: z.coerce.number().int().min(1).max(L.screenMax).optional(),
  screen_h: z.coerce.number().int().min(1).max(L.screenMax).optional(),
});
export type PlayerReport = z.infer<typeof playerReportQuerySchema>;
/** The report as the player sends it (numbers before coercion). */
export type PlayerReportInput = z.input<typeof playerReportQuerySchema>;
export const playlistSchema = z.object({
  status: signageEffectiveStatusSchema,
  items: z.array(playlistItemSchema),
  /** Changes whenever the items do: the screen swaps its loop only then. */
  version: z.string(),
  /** While pending: the code the screen shows for staff to type. */
  activation_code: z.string().nullable(),
  device_name: z.string().nullable(),
  /** The server's clock at the answer (ISO instant): the screen keeps its offset to decide windows offline. */
  server_time: z.string(),
  /**
   * Every item the device may play at some hour of the week (a schedule's item with its window narrowed
   * to the schedule's, `narrowWindow`), in the server's order: while offline the screen picks what plays
   * from these by its corrected clock (`playingAt`), so a window that opens offline still switches.
   */
  plan: z.array(playlistItemSchema),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** "Was läuft jetzt?": what a device's playlist holds at this moment, by the player's own rule, for staff. */
export const nowPlayingSchema = z.object({
  status: signageEffectiveStatusSchema,
  /** The device's name (a dialog opened from a link knows only its id). */
  device_name: z.string().nullable(),
  items: z.array(
    z.object({
      file_id: z.number().int(),
      file_name: z.string(),
      file_type: z.enum(['image', 'video']),
      file_path: z.string(),
      duration: z.number().int(),
      /** The schedule it comes from; null for the device's own content. */
      schedule_name: z.string().nullable(),
    }),
  ),
  server_time: z.string(),
});
export type NowPlaying = z.infer<typeof nowPlayingSchema>;
