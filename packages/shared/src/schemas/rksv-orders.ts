import { SEARCH_TEXT_MAX } from '../text-limits.js';
import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { RKSV_ORDERS_MSG as M } from '../messages/rksv-orders.js';
import { trimInvisible } from '../input-hygiene.js';
import { apiInstant } from './dates.js';
import { CARD_DEADLINE_KINDS, CARD_STATES } from '../rksv-card-life.js';
import {
  isCertSerial,
  isTrackingNumber,
  normalizeCertSerial,
  normalizeTrackingNumber,
  RKSV_ACTIVATION_FIELD_MAX,
  RKSV_AES_KEY_MAX,
  RKSV_OUTAGE_REASON_MAX,
  RKSV_PAYMENT_STATUSES,
  RKSV_SERIAL_MAX,
  RKSV_STAGES,
  RKSV_TRACKING_MAX,
} from '../rksv-rules.js';

/** Request and answer schemas of the rksv-orders area (issue 16). */

export const RKSV_PAGE_DEFAULT = 50;
export const RKSV_PAGE_MAX = 200;
/** The list counts matching orders up to this many; beyond it `total` is the cap and `totalCapped` true. */
export const RKSV_TOTAL_CAP = 1000;

const id = (m: string = COMMON_MSG.invalidId.code) =>
  z.coerce.number({ error: m }).int(m).positive(m).max(2_147_483_647, m);
const required = (message: string, max = 200, tooLong: string = COMMON_MSG.invalidValue.code) =>
  z
    .string({ error: message })
    .overwrite(trimInvisible)
    .min(1, { message, abort: true })
    .max(max, tooLong);
const optionalText = (max = 200, tooLong: string = COMMON_MSG.invalidValue.code) =>
  z
    .string()
    .max(max, tooLong)
    .overwrite(trimInvisible)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const instant = apiInstant(COMMON_MSG.invalidDate.code);

export const rksvOrderListQuerySchema = z.object({
  // A search never fails on its own length (issue 30): cut at the limit.
  q: z.string().overwrite((s) => trimInvisible(s.slice(0, SEARCH_TEXT_MAX))).optional(),
  payment_status: z.enum(RKSV_PAYMENT_STATUSES, { error: COMMON_MSG.invalidValue.code }).optional(),
  delivery: z.enum(['0', '1'], { error: COMMON_MSG.invalidValue.code }).transform(Number).optional(),
  agent_id: id().optional(),
  stage: z.enum(RKSV_STAGES, { error: COMMON_MSG.invalidValue.code }).optional(),
  limit: z.coerce
    .number({ error: COMMON_MSG.invalidValue.code })
    .int(COMMON_MSG.invalidValue.code)
    .min(1, COMMON_MSG.invalidValue.code)
    .max(RKSV_PAGE_MAX, COMMON_MSG.invalidValue.code)
    .default(RKSV_PAGE_DEFAULT),
  cursor: id(M.invalidCursor.code).optional(),
});
export type RksvOrderListQuery = z.infer<typeof rksvOrderListQuerySchema>;

export const rksvCardSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  kassenid: z.string().nullable(),
  serial_number: z.string().nullable(),
  cert_done: z.number(),
  activated_at: z.string().nullable(),
  shopid: z.string().nullable(),
  deviceid: z.string().nullable(),
  systemid: z.string().nullable(),
  cert_sn: z.string().nullable(),
  /** Whether an AES key is stored; the key itself only through GET /api/rksv-card-key/{cardId}. */
  has_aes_key: z.boolean(),
  /** Next Jahresbeleg check (yyyy-MM-dd) of an activated card, else null. */
  jahresbeleg_due: z.string().nullable(),
  /** Outages of the card that are reportable (> 48 h). */
  reportable_outages: z.number(),
  /** The card's life (issue 32): its state now and its next legal deadline (stored, `YYYY-MM-DD`). */
  state: z.enum(CARD_STATES),
  next_deadline: z.object({ kind: z.enum(CARD_DEADLINE_KINDS), due: z.string() }).nullable(),
});
export type RksvCard = z.infer<typeof rksvCardSchema>;

export const rksvOrderSchema = z.object({
  id: z.number(),
  companyname: z.string(),
  customername: z.string(),
  email: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  vatnr: z.string(),
  payment_status: z.string(),
  delivery: z.number(),
  total_amount: z.number(),
  qty: z.number(),
  saved_at: z.string(),
  payed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  stripe_inv_id: z.string().nullable(),
  agent_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  /** The linked customer has an active insolvency case: the dialog shows `Insolvenz` beside the company. */
  insolvent: z.boolean(),
  stage: z.enum(RKSV_STAGES).nullable(),
  agent_name: z.string().nullable(),
  cards: z.array(rksvCardSchema),
});
export type RksvOrder = z.infer<typeof rksvOrderSchema>;

export const rksvOrderListSchema = z.object({
  orders: z.array(rksvOrderSchema),
  total: z.number(),
  /** More than RKSV_TOTAL_CAP orders match: `total` reads "1.000+". */
  totalCapped: z.boolean(),
  nextCursor: z.number().nullable(),
});
export type RksvOrderList = z.infer<typeof rksvOrderListSchema>;

export const rksvIdParamSchema = z.object({ id: id() });

export const rksvUpdateCardSchema = z.object({
  cardId: id(),
  serialNumber: z
    .string({ error: M.serialRequired.code })
    .overwrite(trimInvisible)
    .min(1, { message: M.serialRequired.code, abort: true })
    .max(RKSV_SERIAL_MAX, M.serialTooLong.code),
});
export type RksvUpdateCard = z.infer<typeof rksvUpdateCardSchema>;

/**
 * The tracking number the dialog types: an Austrian Post parcel number (22 digits, or the S10 form
 * RR123456789AT), spaces allowed; stored without them, in capitals (rksv-rules `isTrackingNumber`).
 */
export const rksvTrackingNumberSchema = required(M.trackingRequired.code, RKSV_TRACKING_MAX, M.trackingTooLong.code)
  .refine(isTrackingNumber, { message: M.trackingInvalid.code, abort: true })
  .transform(normalizeTrackingNumber);

export const rksvSetTrackingSchema = z.object({
  orderId: id(),
  trackingNumber: rksvTrackingNumberSchema,
});
export const rksvSetPickupReadySchema = z.object({ orderId: id() });

/** A card's activation data as the dialog's form holds it: the Kassen-ID and the certificate's hexadecimal serial are required. */
export const rksvActivationFieldsSchema = z.object({
  kassenid: required(M.kassenidRequired.code, RKSV_ACTIVATION_FIELD_MAX, M.kassenidTooLong.code),
  cert_sn: required(M.certSnRequired.code, RKSV_ACTIVATION_FIELD_MAX, M.certSnTooLong.code)
    .refine(isCertSerial, { message: M.certSnHex.code, abort: true })
    .transform(normalizeCertSerial),
  shopid: optionalText(RKSV_ACTIVATION_FIELD_MAX, M.activationFieldTooLong.code),
  deviceid: optionalText(RKSV_ACTIVATION_FIELD_MAX, M.activationFieldTooLong.code),
  systemid: optionalText(RKSV_ACTIVATION_FIELD_MAX, M.activationFieldTooLong.code),
  aes_key: optionalText(RKSV_AES_KEY_MAX, M.aesKeyTooLong.code),
});

export const rksvActivateCardSchema = rksvActivationFieldsSchema.extend({ cardId: id() });
export type RksvActivateCard = z.infer<typeof rksvActivateCardSchema>;

export const rksvAssignAgentSchema = z.object({ orderId: id(), agentId: id() });
export const rksvAssignCustomerSchema = z.object({ orderId: id(), customerId: id() });

export const rksvInvoiceParamSchema = z.object({ invoiceRef: z.string().min(1).max(40) });
export const rksvInvoiceUrlSchema = z.object({ url: z.string() });
export const rksvCardKeySchema = z.object({ cardId: z.number(), aes_key: z.string() });

/** Where a mail of the outbox stands: waiting or retried, delivered, given up, printed to the log (no SMTP). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const rksvActivitySchema = z.object({
  id: z.number(),
  order_id: z.number(),
  card_id: z.number().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  /** A mail to the buyer: its delivery as the outbox has it now (absent on other rows). */
  mail_status: z.enum(MAIL_STATUSES).nullable().optional(),
});
export type RksvActivity = z.infer<typeof rksvActivitySchema>;

export const rksvStatsSchema = z.object({
  byMonth: z.array(z.object({ month: z.string(), orders: z.number(), units: z.number(), revenue: z.number() })),
  stages: z.object({
    open: z.number(),
    created: z.number(),
    delivery: z.number(),
    pickup: z.number(),
    completed: z.number(),
  }),
  avgHoursPaidToShipped: z.number().nullable(),
  /** Reportable outages (> 48 h) of the last 12 months, and those still open. */
  outages: z.object({ reportable: z.number(), open: z.number() }),
});
export type RksvStats = z.infer<typeof rksvStatsSchema>;

export const rksvCreateOutageSchema = z
  .object({
    cardId: id(),
    started_at: instant,
    ended_at: instant.optional().nullable(),
    reason: required(M.outageReasonRequired.code, RKSV_OUTAGE_REASON_MAX, M.outageReasonTooLong.code),
  })
  .refine((o) => !o.ended_at || new Date(o.ended_at) >= new Date(o.started_at), {
    message: M.outageEndBeforeStart.code,
    path: ['ended_at'],
  });
export type RksvCreateOutage = z.infer<typeof rksvCreateOutageSchema>;

export const rksvOutageListQuerySchema = z.object({ cardId: id() });

export const rksvOutageSchema = z.object({
  id: z.number(),
  card_id: z.number(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  reason: z.string(),
  reportable: z.boolean(),
  report_deadline: z.string(),
});
export type RksvOutage = z.infer<typeof rksvOutageSchema>;
