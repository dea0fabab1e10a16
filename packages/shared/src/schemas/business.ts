import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { SHOP_ERR } from '../messages/shop.js';
import { TASKS_MSG } from '../messages/tasks.js';
import { TASK_TYPE } from '../enums.js';
import { trimInvisible } from '../input-hygiene.js';
import { TEXT_LIMITS } from '../text-limits.js';
import { RKSV_STAGES } from '../rksv-rules.js';
import { EFFECTIVE_STATUSES } from '../signage-rules.js';
import { CARD_DEADLINE_KINDS, CARD_STATES } from '../rksv-card-life.js';

/**
 * Request and answer schemas of the business dashboard's own-data calls (/api/business: overview,
 * orders, invoices, deliveries, support, devices; issue 21). The records half (documents, branches,
 * news, profile) has its schemas in business-records.ts.
 */

export const BUSINESS_PAGE_DEFAULT = 20;
export const BUSINESS_PAGE_MAX = 100;

const id = (m: string = COMMON_MSG.invalidId.code) =>
  z.coerce.number({ error: m }).int(m).positive(m).max(2_147_483_647, m);
const required = (message: string) =>
  z.string({ error: message }).overwrite(trimInvisible).min(1, { message, abort: true });

/** Keyset pages, newest first: `cursor` is the `nextCursor` of the page before. */
export const businessPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: COMMON_MSG.invalidValue.code })
    .int(COMMON_MSG.invalidValue.code)
    .min(1, COMMON_MSG.invalidValue.code)
    .max(BUSINESS_PAGE_MAX, COMMON_MSG.invalidValue.code)
    .default(BUSINESS_PAGE_DEFAULT),
  cursor: id(COMMON_MSG.invalidValue.code).optional(),
});
export type BusinessPageQuery = z.infer<typeof businessPageQuerySchema>;

export const businessIdParamSchema = z.object({ id: id() });
/** An invoice number as printed (e.g. 2026-00001). */
export const businessInvoiceParamSchema = z.object({
  invoiceRef: z.string().regex(/^\d{4}-\d{5,}$/, SHOP_ERR.invoiceNotFound.code),
});

/** Card count and activation state of an order: none, some or all cards activated. */
export const BUSINESS_ACTIVATION_STATES = ['none', 'partial', 'all'] as const;
export type BusinessActivationState = (typeof BUSINESS_ACTIVATION_STATES)[number];

/** Where a pickup order waits (the shop's own words, shop/mail-texts.ts). */
export const BUSINESS_PICKUP_NOTE = 'Abholung in 1190 Wien (kostenlos, nach Verfügbarkeit)';

/** A card as its owner sees it: the serial number and when it was activated; never keys or certificate data. */
export const businessCardSchema = z.object({
  id: z.number().int(),
  serial_number: z.string().nullable(),
  activated_at: z.string().nullable(),
});

/** An RKSV order of the customer: stage, tracking, cards; no AES key, no certificate fields. */
export const businessOrderSchema = z.object({
  id: z.number().int(),
  saved_at: z.string(),
  payed_at: z.string().nullable(),
  payment_status: z.string(),
  stage: z.enum(RKSV_STAGES).nullable(),
  /** 1 shipping, 0 pickup */
  delivery: z.number().int(),
  qty: z.number().int(),
  total_amount: z.number().int(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Austrian Post's page of the parcel, when shipped with a tracking number. */
  tracking_url: z.string().nullable(),
  /** Where and how to pick the order up, once it is ready for pickup. */
  pickup_note: z.string().nullable(),
  invoice_ref: z.string().nullable(),
  card_count: z.number().int(),
  activated_count: z.number().int(),
  activation: z.enum(BUSINESS_ACTIVATION_STATES),
});
export type BusinessOrder = z.infer<typeof businessOrderSchema>;

export const businessOrderDetailSchema = businessOrderSchema.extend({
  companyname: z.string(),
  customername: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  cards: z.array(businessCardSchema),
});
export type BusinessOrderDetail = z.infer<typeof businessOrderDetailSchema>;

export const businessOrderListSchema = z.object({
  orders: z.array(businessOrderSchema),
  total: z.number().int(),
  nextCursor: z.number().int().nullable(),
});
export type BusinessOrderList = z.infer<typeof businessOrderListSchema>;

export const businessInvoiceSchema = z.object({
  number: z.string(),
  /** The order invoiced, or (issue 31) the emergency task whose time it bills. */
  order_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  issued_at: z.string(),
  net_amount: z.number().int(),
  vat_amount: z.number().int(),
  total_amount: z.number().int(),
  /** The PDF: GET /api/business/invoices/{number}.pdf */
  pdf_path: z.string(),
});
export type BusinessInvoice = z.infer<typeof businessInvoiceSchema>;

export const businessInvoiceListSchema = z.object({
  invoices: z.array(businessInvoiceSchema),
  total: z.number().int(),
  nextCursor: z.number().int().nullable(),
});
export type BusinessInvoiceList = z.infer<typeof businessInvoiceListSchema>;

/** Support statuses in the customer's words (offen, erledigt, abgeschlossen on the board). */
export const BUSINESS_SUPPORT_STATUSES = ['In Bearbeitung', 'Erledigt', 'Abgeschlossen'] as const;
export type BusinessSupportStatus = (typeof BUSINESS_SUPPORT_STATUSES)[number];
export const BUSINESS_SUPPORT_STATUS_OF: Record<string, BusinessSupportStatus> = {
  offen: 'In Bearbeitung',
  erledigt: 'Erledigt',
  abgeschlossen: 'Abgeschlossen',
};

/** The task types a customer may ask for from the dashboard (emergency support has its own paid form). */
export const BUSINESS_SUPPORT_TYPES = [
  TASK_TYPE.support,
  TASK_TYPE.menu,
  TASK_TYPE.dep,
  TASK_TYPE.rksv,
  TASK_TYPE.integration,
] as const;

export const businessSupportItemSchema = z.object({
  id: z.number().int(),
  titel: z.string(),
  typ: z.number().int(),
  typ_name: z.string(),
  status: z.enum(BUSINESS_SUPPORT_STATUSES),
  erstellt_am: z.string(),
  frist: z.string(),
});
export type BusinessSupportItem = z.infer<typeof businessSupportItemSchema>;

export const businessSupportListSchema = z.object({
  tasks: z.array(businessSupportItemSchema),
  total: z.number().int(),
  nextCursor: z.number().int().nullable(),
});
export type BusinessSupportList = z.infer<typeof businessSupportListSchema>;

export const businessSupportDetailSchema = businessSupportItemSchema.extend({
  beschreibung: z.string(),
  /** What the customer wrote after the request. */
  messages: z.array(z.object({ id: z.number().int(), content: z.string(), created_at: z.string() })),
  /** The mails the provider sent about the task; the agent by first name only. */
  mails: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      content: z.string(),
      agent_first_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type BusinessSupportDetail = z.infer<typeof businessSupportDetailSchema>;

/** The text fields of POST /api/business/support (JSON, or multipart with `files`). */
export const businessSupportCreateSchema = z.object({
  titel: required(COMMON_MSG.titleRequired.code).max(TEXT_LIMITS.taskTitle, COMMON_MSG.titleMax.code),
  beschreibung: required(COMMON_MSG.descriptionRequired.code).max(
    TEXT_LIMITS.description,
    COMMON_MSG.descriptionMax.code,
  ),
  typ: z.coerce
    .number({ error: TASKS_MSG.typeRequired.code })
    .int(TASKS_MSG.invalidType.code)
    .refine((t) => (BUSINESS_SUPPORT_TYPES as readonly number[]).includes(t), TASKS_MSG.invalidType.code),
});
export type BusinessSupportCreate = z.infer<typeof businessSupportCreateSchema>;

export const businessSupportCreatedSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  id: z.number().int(),
});

export const businessDeviceSchema = z.object({
  id: z.number().int(),
  device_name: z.string().nullable(),
  device_type: z.string(),
  location: z.string().nullable(),
  effective_status: z.enum(EFFECTIVE_STATUSES),
  days_remaining: z.number().int().nullable(),
  license_until: z.string().nullable(),
  last_seen: z.string().nullable(),
});
export type BusinessDevice = z.infer<typeof businessDeviceSchema>;
export const businessDeviceListSchema = z.object({ devices: z.array(businessDeviceSchema) });

const newsItem = z.object({ id: z.number().int(), title: z.string(), published_at: z.string(), read: z.boolean() });

export const businessOverviewSchema = z.object({
  customer: z.object({ kundennummer: z.string(), firma: z.string(), kontaktperson: z.string().nullable() }),
  counts: z.object({
    openTasks: z.number().int(),
    openOrders: z.number().int(),
    inDelivery: z.number().int(),
    devices: z.number().int(),
    unreadNews: z.number().int(),
  }),
  latest: z.object({
    tasks: z.array(businessSupportItemSchema),
    orders: z.array(businessOrderSchema),
    news: z.array(newsItem),
  }),
});
export type BusinessOverview = z.infer<typeof businessOverviewSchema>;

/** `GET /api/business/cards/{cardId}/replacement`: the card of the own record whose replacement is ordered. */
export const businessCardParamSchema = z.object({ cardId: id() });

/**
 * One signature card of the customer's orders (issue 32): its state by the shared rule, its next legal
 * deadline as stored, and the card it replaces or that replaced it.
 */
export const businessSignatureCardSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  serial_number: z.string().nullable(),
  card_type: z.string().nullable(),
  state: z.enum(CARD_STATES),
  next_deadline: z.object({ kind: z.enum(CARD_DEADLINE_KINDS), due: z.string() }).nullable(),
  activated_at: z.string().nullable(),
  /** The serial number of the card this one replaced (its order was a replacement order). */
  replaces_serial: z.string().nullable(),
  /** The serial number of the card that replaced this one. */
  replaced_by_serial: z.string().nullable(),
});
export type BusinessSignatureCard = z.infer<typeof businessSignatureCardSchema>;
export const businessSignatureCardListSchema = z.object({ cards: z.array(businessSignatureCardSchema) });
export type BusinessSignatureCardList = z.infer<typeof businessSignatureCardListSchema>;
