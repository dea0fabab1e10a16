import { z } from 'zod';
import { trimInvisible } from '../input-hygiene.js';
import { apiInstant } from './dates.js';
import { TEXT_LIMITS } from '../text-limits.js';
import { BUSINESS_RECORDS_MSG as MSG } from '../messages/business-records.js';
import { COMMON_MSG } from '../messages/common.js';

/*
 * Request and answer schemas of the business dashboard's records (issue 21; calls under
 * /api/business: documents, branches, news, profile) and of the admins' news (/api/news).
 */

const DB_INT_MAX = 2_147_483_647;
const required = (message: string) =>
  z.string({ error: message }).overwrite(trimInvisible).min(1, { message, abort: true });
/** An optional text: '' and only invisible characters count as absent (stored as null). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite(trimInvisible)
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Digits with spaces, +, /, -, ( ): what people type as a phone number, 6 to 20 digits. */
export const BRANCH_PHONE = /^\+?[0-9 ()/-]{6,30}$/;
const phone = (message: string) =>
  optionalText(30, message).refine(
    (v) => v === null || (BRANCH_PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6),
    message,
  );

export const recordsIdSchema = z.object({
  id: z.coerce
    .number({ error: COMMON_MSG.invalidId.code })
    .int(COMMON_MSG.invalidId.code)
    .positive(COMMON_MSG.invalidId.code)
    .max(DB_INT_MAX, COMMON_MSG.invalidId.code),
});

// ---------------------------------------------------------------------------------------------
// Documents

/** A document the customer may download: shared by staff (`customer`) or a task file marked shared (`task`). */
export const documentItemSchema = z.object({
  /** `c<id>` for a shared document, `t<id>` for a task file: the two sources keep their own ids. */
  id: z.string(),
  source: z.enum(['customer', 'task']),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  task_id: z.number().int().nullable(),
  task_title: z.string().nullable(),
});
export type BusinessDocument = z.infer<typeof documentItemSchema>;

export const documentIdSchema = z.object({
  id: z.string().regex(/^[ct][1-9][0-9]{0,9}$/, { message: MSG.documentNotFound.code }),
});

export const documentListSchema = z.object({
  items: z.array(documentItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const recordsPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** Staff: share or unshare a task file with the task's customer. */
export const taskFileShareSchema = z.object({ shared: z.boolean({ error: COMMON_MSG.invalidValue.code }) });

// ---------------------------------------------------------------------------------------------
// Branches

export const branchInputSchema = z.object({
  name: required(COMMON_MSG.nameRequired.code).max(120, MSG.branchNameTooLong.code),
  address: required(MSG.branchAddressRequired.code).max(200, MSG.branchAddressTooLong.code),
  zipcode: required(MSG.branchZipcodeInvalid.code).regex(/^[0-9A-Za-z -]{3,10}$/, MSG.branchZipcodeInvalid.code),
  city: required(MSG.branchCityRequired.code).max(120, MSG.branchCityTooLong.code),
  phone: phone(MSG.phoneInvalid.code),
  opening_hours: optionalText(500, MSG.branchOpeningHoursTooLong.code),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  phone: z.string().nullable(),
  opening_hours: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

/** At most this many branches per customer record: the list is answered whole. */
export const BRANCH_MAX = 200;

// ---------------------------------------------------------------------------------------------
// News

export const NEWS_LANGUAGES = ['de', 'en', 'fr', 'ar'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

export const newsQuerySchema = recordsPageQuerySchema.extend({
  lang: z.enum(NEWS_LANGUAGES).optional(),
});

/** A post as a customer reads it: in their language, German where it has no translation. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  lang: z.enum(NEWS_LANGUAGES),
  published_from: z.string(),
  read: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListSchema = z.object({
  items: z.array(newsItemSchema),
  total: z.number().int(),
  unread: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

const translation = z
  .object({
    title: optionalText(TEXT_LIMITS.newsTitle, COMMON_MSG.titleMax.code),
    text: optionalText(TEXT_LIMITS.newsText, MSG.newsTextMax.code),
  })
  .refine((t) => (t.title === null) === (t.text === null), MSG.newsTranslationIncomplete.code);

/** Admin: a post with German title and text and optional en/fr/ar, published from `published_from` (ISO time). */
export const newsInputSchema = z.object({
  title: required(COMMON_MSG.titleRequired.code).max(TEXT_LIMITS.newsTitle, COMMON_MSG.titleMax.code),
  text: required(MSG.newsTextRequired.code).max(TEXT_LIMITS.newsText, MSG.newsTextMax.code),
  published_from: apiInstant(MSG.newsPublishedFromRequired.code),
  translations: z
    .object({ en: translation.optional(), fr: translation.optional(), ar: translation.optional() })
    .default({}),
});
export type NewsInput = z.input<typeof newsInputSchema>;

export const newsTranslationSchema = z.object({ title: z.string(), text: z.string() });

/** Admin: a post with all its languages. */
export const newsPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  translations: z.object({
    en: newsTranslationSchema.optional(),
    fr: newsTranslationSchema.optional(),
    ar: newsTranslationSchema.optional(),
  }),
  published_from: z.string(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  reads: z.number().int(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;

export const newsPostListSchema = z.object({
  items: z.array(newsPostSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Profile

export const profileSchema = z.object({
  kundennummer: z.string(),
  firma: z.string(),
  kontaktperson: z.string().nullable(),
  email: z.string().nullable(),
  telefon: z.string().nullable(),
  account_email: z.string(),
});
export type BusinessProfile = z.infer<typeof profileSchema>;

/** PUT /profile: only the contact data; company name and customer number stay with staff. */
export const profileInputSchema = z
  .object({
    kontaktperson: optionalText(120, MSG.profileKontaktpersonTooLong.code),
    email: optionalText(200, COMMON_MSG.emailFormat.code).refine(
      (v) => v === null || z.email().safeParse(v).success,
      COMMON_MSG.emailFormat.code,
    ),
    telefon: phone(MSG.phoneInvalid.code),
  })
  .partial();
export type ProfileInput = z.input<typeof profileInputSchema>;
