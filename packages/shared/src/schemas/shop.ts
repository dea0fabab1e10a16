// Zod schemas of the RKSV signature-unit shop (the rules they use are in shop-rules.ts).
import { z } from 'zod';
import { trimInvisible } from '../input-hygiene.js';
import { LANGUAGES } from '../enums.js';
import { COMMON_MSG } from '../messages/common.js';
import { SHOP_ERR } from '../messages/shop.js';
import {
  DELIVERY_METHODS,
  PRODUCT_KINDS,
  RKSV_MAX_QUANTITY,
  SHOP_MSG,
  TAX_ID_TYPES,
  isAustrianPhone,
  taxIdError,
} from '../shop-rules.js';

const required = (message: string, max = 200) =>
  z.string({ error: message }).overwrite(trimInvisible).min(1, message).max(max, SHOP_MSG.tooLong.code);

const orderFields = {
  company: required(SHOP_MSG.company.code),
  name: required(SHOP_MSG.name.code),
  taxIdType: z.enum(TAX_ID_TYPES, { error: SHOP_MSG.taxIdType.code }),
  taxId: z.string({ error: SHOP_MSG.uid.code }).max(40, SHOP_MSG.tooLong.code),
  address: required(SHOP_MSG.address.code),
  postalCode: z
    .string({ error: SHOP_MSG.postalCode.code })
    .trim()
    .regex(/^\d{4}$/, SHOP_MSG.postalCode.code),
  city: required(SHOP_MSG.city.code, 100),
  email: z
    .string({ error: SHOP_MSG.email.code })
    .trim()
    .max(200, SHOP_MSG.tooLong.code)
    .pipe(z.email(SHOP_MSG.email.code)),
  phone: z
    .string({ error: SHOP_MSG.phone.code })
    .trim()
    .max(40, SHOP_MSG.phone.code)
    .refine((v) => isAustrianPhone(v), SHOP_MSG.phone.code),
  quantity: z
    .number({ error: SHOP_MSG.quantity.code })
    .int(SHOP_MSG.quantity.code)
    .min(1, SHOP_MSG.quantity.code)
    .max(RKSV_MAX_QUANTITY, SHOP_MSG.quantityMax.code),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: SHOP_MSG.deliveryMethod.code }),
  productId: z
    .number({ error: SHOP_MSG.productId.code })
    .int(SHOP_MSG.productId.code)
    .positive(SHOP_MSG.productId.code),
  agb: z.literal(true, { error: SHOP_MSG.agb.code }),
  dataVerified: z.literal(true, { error: SHOP_MSG.dataVerified.code }),
};

/** The tax id depends on its type; this check runs even when other fields fail, so the form shows it at once. */
function checkTaxId(v: { taxIdType?: unknown; taxId?: unknown }, ctx: z.RefinementCtx): void {
  const type = v.taxIdType === 'steuernummer' ? 'steuernummer' : 'uid';
  const message = taxIdError(type, typeof v.taxId === 'string' ? v.taxId : '');
  if (message) ctx.addIssue({ code: 'custom', message: message.code, path: ['taxId'] });
}
const always = { when: () => true };

/** The RKSV order form (spec 3 "RKSV order form", rules of spec 5). */
export const rksvOrderFormSchema = z.object(orderFields).superRefine(checkTaxId, always);
export type RksvOrderForm = z.infer<typeof rksvOrderFormSchema>;

/**
 * Body of POST /web/create-rksv-payment and /web/create-rksv-invoice: the form plus the amount the
 * page showed (cents). The server computes every amount itself and refuses a differing one.
 */
export const rksvOrderRequestSchema = z
  .object({
    ...orderFields,
    amount: z.number({ error: SHOP_MSG.amount.code }).int(SHOP_MSG.amount.code).min(0, SHOP_MSG.amount.code).optional(),
    /** The page's language: the buyer's mails about the order are written in it (German without). */
    lang: z.enum(LANGUAGES, { error: COMMON_MSG.invalidValue.code }).optional(),
    /**
     * "Ersatz bestellen" (issue 32): the card this order replaces. Only a signed-in caller who may see
     * the card names one (the customer their own card, staff a card of their orders); otherwise 400.
     */
    replacesCardId: z
      .number({ error: SHOP_ERR.replacedCardUnknown.code })
      .int(SHOP_ERR.replacedCardUnknown.code)
      .positive(SHOP_ERR.replacedCardUnknown.code)
      .max(2_147_483_647, SHOP_ERR.replacedCardUnknown.code)
      .optional()
      .nullable(),
  })
  .superRefine(checkTaxId, always);
export type RksvOrderRequest = z.infer<typeof rksvOrderRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

/**
 * "Ersatz bestellen": the order form's data from the replaced card's order (its company, buyer,
 * address and tax id), for the customer who owns the card or staff who may see it.
 */
export const rksvReplacementPrefillSchema = z.object({
  cardId: z.number().int(),
  serial_number: z.string().nullable(),
  company: z.string(),
  name: z.string(),
  taxIdType: z.enum(TAX_ID_TYPES),
  taxId: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type RksvReplacementPrefill = z.infer<typeof rksvReplacementPrefillSchema>;

export const rksvProductSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  description: z.string(),
  /** Gross price in cents, 20 % VAT included. */
  price: z.number().int(),
});
export type RksvProduct = z.infer<typeof rksvProductSchema>;
export const rksvProductsResponseSchema = z.array(rksvProductSchema);

export const checkoutResponseSchema = z.object({
  data: z.object({
    sessionUrl: z.string(),
    /** Order on invoice: the pro-forma's reference (PF-<order>, not an invoice number) and its PDF. */
    proformaNumber: z.string().optional(),
    proformaUrl: z.string().optional(),
  }),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const sessionIdSchema = z
  .string({ error: SHOP_MSG.sessionId.code })
  .trim()
  .min(1, SHOP_MSG.sessionId.code)
  .max(300);
export const orderDetailsQuerySchema = z.object({ session_id: sessionIdSchema });

export const updateOrderStatusSchema = z.object({
  session_id: sessionIdSchema,
  status: z.literal('failed', { error: SHOP_MSG.onlyFailed.code }),
});
export const updateOrderStatusResponseSchema = z.object({
  data: z.object({ payment_status: z.string() }),
});

/** GET /web/rksv-order-details: the order, what the payment provider reports, and the payment summary. */
export const orderDetailsSchema = z.object({
  order: z.object({
    id: z.number().int(),
    product_name: z.string(),
    qty: z.number().int(),
    /** 1 shipping, 0 pickup */
    delivery: z.number().int(),
    payment_status: z.string(),
    /** The payment method used (card, eps, sepa_debit), null until paid. */
    payment_type: z.string().nullable(),
    /** The invoice reference (our invoice number), null until issued. */
    stripe_inv_id: z.string().nullable(),
    unit_price: z.number().int(),
    shipping_amount: z.number().int(),
    net_amount: z.number().int(),
    vat_amount: z.number().int(),
    total_amount: z.number().int(),
    saved_at: z.string(),
    payed_at: z.string().nullable(),
  }),
  stripe: z.object({
    payment_status: z.string(),
    payment_method: z.string(),
    invoice: z.string().nullable(),
  }),
  payment: z.object({
    provider: z.string(),
    /** payment or invoice (a pro-forma first); in both the invoice is issued once paid. */
    mode: z.string(),
    session_id: z.string(),
    currency: z.string(),
    amount_total: z.number().int(),
    /** Link to the invoice PDF (carries an unguessable token), null until issued. */
    invoice_url: z.string().nullable(),
    /** Order on invoice, not paid yet: link to its pro-forma PDF (the invoice follows the payment). */
    proforma_url: z.string().nullable(),
  }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
