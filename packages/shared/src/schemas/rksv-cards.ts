import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { RKSV_CARDS_MSG as M } from '../messages/rksv-cards.js';
import { trimInvisible } from '../input-hygiene.js';
import { SEARCH_TEXT_MAX } from '../text-limits.js';
import { CARD_DEADLINE_KINDS, CARD_STATES, CARD_TRANSITION_TARGETS, type CardDeadlineKind } from '../rksv-card-life.js';
import { apiDay, apiInstant } from './dates.js';
import {
  RKSV_CARD_NOTE_MAX,
  RKSV_CARD_TYPE_MAX,
  RKSV_DEADLINE_PAGE_DEFAULT,
  RKSV_DEADLINE_PAGE_MAX,
} from './rksv-cards-limits.js';
import { rksvActivitySchema, rksvCardSchema, rksvOutageSchema } from './rksv-orders.js';

export * from './rksv-cards-limits.js';

/** Request and answer schemas of a signature card's life (issue 32). */

const id = (m: string = COMMON_MSG.invalidId.code) =>
  z.coerce.number({ error: m }).int(m).positive(m).max(2_147_483_647, m);
const instant = apiInstant(COMMON_MSG.invalidDate.code);
const day = apiDay(COMMON_MSG.invalidDate.code);
const note = z
  .string()
  .max(RKSV_CARD_NOTE_MAX, M.noteTooLong.code)
  .overwrite(trimInvisible)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));
const cardTypeName = z
  .string({ error: M.cardTypeRequired.code })
  .overwrite(trimInvisible)
  .min(1, { message: M.cardTypeRequired.code, abort: true })
  .max(RKSV_CARD_TYPE_MAX, M.cardTypeTooLong.code);

export const rksvCardIdParamSchema = z.object({ cardId: id() });

/** `POST /api/rksv-card-transition`: the card, the state to move to, when (default now) and a note (an outage's reason). */
export const rksvCardTransitionSchema = z.object({
  cardId: id(),
  to: z.enum(CARD_TRANSITION_TARGETS, { error: COMMON_MSG.invalidValue.code }),
  at: instant.optional().nullable(),
  note,
});
export type RksvCardTransition = z.infer<typeof rksvCardTransitionSchema>;

/** `POST /api/rksv-jahresbeleg`: the yearly receipt of `year` checked at `checked_at`. */
export const rksvJahresbelegSchema = z.object({
  cardId: id(),
  year: z.coerce.number({ error: M.yearInvalid.code }).int(M.yearInvalid.code).min(2016, M.jahresbelegYearInvalid.code).max(2999, M.jahresbelegYearInvalid.code),
  checked_at: instant,
});
export type RksvJahresbeleg = z.infer<typeof rksvJahresbelegSchema>;

/** `POST /api/rksv-outage-reported`: an outage of more than 48 h reported to the tax office. */
export const rksvOutageReportedSchema = z.object({ outageId: id(), reported_at: instant });
export type RksvOutageReported = z.infer<typeof rksvOutageReportedSchema>;

/** `PUT /api/rksv-card/{cardId}`: the card's type (one of the admins' list) and, where it differs, its certificate's end. */
export const rksvCardDetailsSchema = z.object({
  card_type: cardTypeName.nullable(),
  valid_until: day.nullable(),
});
export type RksvCardDetails = z.infer<typeof rksvCardDetailsSchema>;

export const rksvCardDeadlineSchema = z.object({
  kind: z.enum(CARD_DEADLINE_KINDS),
  /** The last day to act, `YYYY-MM-DD` (Vienna). */
  due: z.string(),
});
export type RksvCardDeadline = z.infer<typeof rksvCardDeadlineSchema>;

/** A card with its life: the order's card fields and the life's own. */
export const rksvCardLifeCardSchema = rksvCardSchema.extend({
  card_type: z.string().nullable(),
  /** `YYYY-MM-DD`: as set, else activation + 5 years; null before activation. */
  valid_until: z.string().nullable(),
  registered_at: z.string().nullable(),
  startbeleg_checked_at: z.string().nullable(),
  deregistered_at: z.string().nullable(),
  defective_at: z.string().nullable(),
  replaced_at: z.string().nullable(),
  replaced_by_card_id: z.number().nullable(),
  /** The serial number of the card that replaced this one ("Ersetzt durch SN-…"). */
  replaced_by_serial: z.string().nullable(),
  /** The card this one's order replaces ("Ersetzt Karte SN-…"): a replacement order's card. */
  replaces_card_id: z.number().nullable(),
  replaces_serial: z.string().nullable(),
  jahresbeleg_year: z.number().nullable(),
});

/** `GET /api/rksv-card/{cardId}`. */
export const rksvCardLifeSchema = z.object({
  card: rksvCardLifeCardSchema,
  order: z.object({
    id: z.number(),
    companyname: z.string(),
    customer_id: z.number().nullable(),
    agent_id: z.number().nullable(),
    agent_name: z.string().nullable(),
  }),
  state: z.enum(CARD_STATES),
  next_deadline: rksvCardDeadlineSchema.nullable(),
  /** Every open deadline, earliest first. */
  deadlines: z.array(rksvCardDeadlineSchema),
  /** The states the transition call may move the card to now. */
  transitions: z.array(z.enum(CARD_TRANSITION_TARGETS)),
  outages: z.array(rksvOutageSchema.extend({ reported_at: z.string().nullable() })),
  /** The years whose Jahresbeleg was checked, newest first. */
  jahresbelege: z.array(z.object({ year: z.number(), checked_at: z.string(), user_name: z.string().nullable() })),
  /** What happened to the card (its order's activity rows naming it), newest first. */
  history: z.array(rksvActivitySchema),
});
export type RksvCardLife = z.infer<typeof rksvCardLifeSchema>;

/** `GET /api/rksv-deadlines`: one page of cards, most urgent first. */
export const rksvDeadlineListQuerySchema = z.object({
  kind: z.enum(CARD_DEADLINE_KINDS, { error: COMMON_MSG.invalidValue.code }).optional(),
  /** Deadlines on or before this day. */
  due_before: day.optional(),
  agent_id: id().optional(),
  country: id().optional(),
  /** Company, customer number or serial number (normalised search). */
  q: z.string().overwrite((s) => trimInvisible(s.slice(0, SEARCH_TEXT_MAX))).optional(),
  limit: z.coerce
    .number({ error: COMMON_MSG.invalidValue.code })
    .int(COMMON_MSG.invalidValue.code)
    .min(1, COMMON_MSG.invalidValue.code)
    .max(RKSV_DEADLINE_PAGE_MAX, COMMON_MSG.invalidValue.code)
    .default(RKSV_DEADLINE_PAGE_DEFAULT),
  /** `YYYY-MM-DD.<cardId>` of the last row of the page before. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, M.invalidCursor.code)
    .optional(),
});
export type RksvDeadlineListQuery = z.infer<typeof rksvDeadlineListQuerySchema>;

export const rksvDeadlineRowSchema = z.object({
  card_id: z.number(),
  order_id: z.number(),
  companyname: z.string(),
  customer_id: z.number().nullable(),
  serial_number: z.string().nullable(),
  card_type: z.string().nullable(),
  state: z.enum(CARD_STATES),
  kind: z.enum(CARD_DEADLINE_KINDS),
  due: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
});
export type RksvDeadlineRow = z.infer<typeof rksvDeadlineRowSchema>;

export const rksvDeadlineListSchema = z.object({
  items: z.array(rksvDeadlineRowSchema),
  /** Cards per deadline kind under the other filters (kind aside), each counted up to RKSV_DEADLINE_COUNT_CAP. */
  // An object with every kind named (rather than z.record over the enum): its JSON Schema lists the
  // properties it requires, as the OpenAPI lint asks; the type is the same Record<kind, number>.
  counts: z.object({
    registration: z.number(),
    startbeleg: z.number(),
    jahresbeleg: z.number(),
    outage_report: z.number(),
    renewal: z.number(),
    replacement: z.number(),
  } satisfies Record<CardDeadlineKind, z.ZodNumber>),
  /** The kinds whose count reached the cap (read "1.000+"). */
  counts_capped: z.array(z.enum(CARD_DEADLINE_KINDS)),
  nextCursor: z.string().nullable(),
});
export type RksvDeadlineList = z.infer<typeof rksvDeadlineListSchema>;

export const rksvCardTypeSchema = z.object({
  name: cardTypeName,
  /** The day the type loses its approval (every card of it is to be replaced by then), or null. */
  approval_ends: day.nullable(),
});
export type RksvCardType = z.infer<typeof rksvCardTypeSchema>;

export const rksvCardTypeListSchema = z.array(rksvCardTypeSchema.extend({ cards: z.number() }));
export const rksvPutCardTypesSchema = z.object({ types: z.array(rksvCardTypeSchema).max(100) });
export type RksvPutCardTypes = z.infer<typeof rksvPutCardTypesSchema>;
