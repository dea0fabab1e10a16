import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import type { Flag } from '../enums.js';

/**
 * One customer's story (issue 34): everything of the areas that touched the customer, newest first,
 * read from the areas' own tables (no copy). Each entry names its kind; the screen words it ("Aufgabe
 * erstellt: {{title}}") from the kind and, for activities, the action.
 */
export const TIMELINE_KINDS = [
  'task',
  'task_activity',
  'rating',
  'mail',
  'document',
  'insolvency',
  'insolvency_activity',
  'rksv_order',
  'rksv_activity',
  'rksv_card',
  'invoice',
  'signage_device',
  'signage_schedule',
  'cashbook',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * The flag a staff member needs to see a kind (any one of them): the customer page shows each area's
 * entries to the staff of that area only. An invoice is the RKSV shop's or a task's.
 */
export const TIMELINE_KIND_FLAGS: Record<TimelineKind, readonly Flag[]> = {
  task: ['tasks'],
  task_activity: ['tasks'],
  rating: ['tasks'],
  mail: ['tasks'],
  document: ['tasks'],
  insolvency: ['tasks'],
  insolvency_activity: ['tasks'],
  rksv_order: ['rksv'],
  rksv_activity: ['rksv'],
  rksv_card: ['rksv'],
  invoice: ['rksv', 'tasks'],
  signage_device: ['digital_signage'],
  signage_schedule: ['digital_signage'],
  cashbook: ['cashbook'],
};

/**
 * What the business dashboard shows a customer of their own story: their requests, orders, cards,
 * screens, invoices and the documents shared with them. Never staff notes, activities or names.
 */
export const BUSINESS_TIMELINE_KINDS = [
  'task',
  'rksv_order',
  'rksv_card',
  'invoice',
  'signage_device',
  'document',
] as const satisfies readonly TimelineKind[];

export const TIMELINE_PAGE_DEFAULT = 30;
export const TIMELINE_PAGE_MAX = 100;

const invalid = COMMON_MSG.invalidValue.code;

export const customerTimelineQuerySchema = z.object({
  /** Comma-separated kinds; none: every kind the caller may see. */
  // One message at the field itself (not at the n-th kind): the filter is one parameter.
  kinds: z
    .string({ error: invalid })
    .max(400, invalid)
    .transform((s) => s.split(',').filter(Boolean))
    .refine((ks) => ks.every((k) => (TIMELINE_KINDS as readonly string[]).includes(k)), invalid)
    .transform((ks) => ks as TimelineKind[])
    .optional(),
  limit: z.coerce
    .number({ error: invalid })
    .int(invalid)
    .min(1, invalid)
    .max(TIMELINE_PAGE_MAX, invalid)
    .default(TIMELINE_PAGE_DEFAULT),
  /** The `nextCursor` of the page before: the last entry's time (UTC, microseconds), kind and id. */
  cursor: z
    .string({ error: invalid })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[a-z_]{1,24}~\d{1,10}$/, invalid)
    .optional(),
});
export type CustomerTimelineQuery = z.infer<typeof customerTimelineQuerySchema>;

export const timelineItemSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /** Of the entry: its id in its own table (with the kind, unique). */
  id: z.number(),
  at: z.string(),
  /** The thing's own words: a task's title, a product, an invoice number, a screen's name. */
  title: z.string(),
  /** What happened, for activities and changes (an area's action code: `status`, `serial`, …). */
  action: z.string().nullable(),
  /** The portal path of its screen, where it has one. */
  link: z.string().nullable(),
  /** Who did it, where a staff member did. */
  actor: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const customerTimelineSchema = z.object({
  items: z.array(timelineItemSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerTimeline = z.infer<typeof customerTimelineSchema>;

/** The customer page's head: the master data and where it comes from. */
export const customerRecordSchema = z.object({
  id: z.number(),
  kundennummer: z.string(),
  firma: z.string(),
  kontaktperson: z.string().nullable(),
  email: z.string().nullable(),
  telefon: z.string().nullable(),
  adresse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  uid: z.string().nullable(),
  country_id: z.number(),
  source: z.string(),
  /** False once the sync no longer finds the record in its source. */
  active: z.boolean(),
  /** The kinds the caller may see on this customer (by their flags). */
  kinds: z.array(z.enum(TIMELINE_KINDS)),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;
