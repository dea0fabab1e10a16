// Schemas and price rules of the RKSV signature-unit shop.
import { z } from 'zod';

/** Austrian standard VAT rate in percent; shop prices are gross and contain it. */
export const VAT_RATE_PERCENT = 20;
export const TAX_ID_TYPES = ['uid', 'steuernummer'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];
export const DELIVERY_METHODS = ['pickup', 'shipping'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const PRODUCT_KINDS = ['main', 'shipping'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** Upper bound of one order (a sanity limit, far above any restaurant's needs). */
export const RKSV_MAX_QUANTITY = 100;
/** Where a pickup order is collected (spec: pickup is free, Vienna 1190). */
export const RKSV_PICKUP_LOCATION = '1190 Wien';

/** Order states: pending until the provider reports; paid is final (never downgraded). */
export const ORDER_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Payment status labels of the result page (spec 4); any other value is shown raw. */
export const PAYMENT_STATUS_LABELS = {
  paid: 'Bezahlt',
  unpaid: 'Unbezahlt',
  complete: 'Abgeschlossen',
  incomplete: 'Unvollständig',
  pending: 'In Bearbeitung',
  missing: 'Unbekannt',
} as const;
export type PaymentStatusLabelKey = keyof typeof PAYMENT_STATUS_LABELS;
/** Payment method labels of the result page (spec 4); any other value is shown raw. */
export const PAYMENT_METHOD_LABELS = {
  card: 'Kreditkarte',
  eps: 'EPS Überweisung',
  sepa_debit: 'SEPA Lastschrift',
  missing: 'Nicht angegeben',
} as const;
export type PaymentMethodLabelKey = keyof typeof PAYMENT_METHOD_LABELS;
/** The methods the checkout offers. */
export const PAYMENT_METHODS = ['card', 'eps', 'sepa_debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The label key of a payment status, `missing` for none, null for a value without label (shown raw). */
export function paymentStatusLabelKey(status: string | null | undefined): PaymentStatusLabelKey | null {
  if (!status) return 'missing';
  return Object.hasOwn(PAYMENT_STATUS_LABELS, status) ? (status as PaymentStatusLabelKey) : null;
}
/** The label key of a payment method, `missing` for none, null for a value without label (shown raw). */
export function paymentMethodLabelKey(method: string | null | undefined): PaymentMethodLabelKey | null {
  if (!method) return 'missing';
  return Object.hasOwn(PAYMENT_METHOD_LABELS, method) ? (method as PaymentMethodLabelKey) : null;
}

/** The invoice number as the result page shows it: the first 12 characters, then `...`. */
export function shortInvoiceNumber(value: string): string {
  return value.length > 12 ? `${value.slice(0, 12)}...` : value;
}

// ---------------------------------------------------------------------------------------------
// Price rules: integer cents only.

export interface OrderTotalInput {
  /** Gross unit price of the main product in cents. */
  price: number;
  /** Gross shipping price in cents (0: free). */
  shippingPrice: number;
  quantity: number;
  delivery: DeliveryMethod;
}

export interface OrderTotal {
  /** quantity × price */
  items: number;
  /** shipping when chosen, else 0 */
  shipping: number;
  /** what the buyer pays */
  gross: number;
  /** the VAT contained in gross */
  vat: number;
  /** gross − vat */
  net: number;
}

function assertCents(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new TypeError(`${name} must be non-negative integer cents, got ${v}`);
}

/** The VAT contained in a gross amount, rounded half up to the cent: gross × rate / (100 + rate). */
export function containedVat(gross: number, ratePercent: number = VAT_RATE_PERCENT): number {
  assertCents('gross', gross);
  const divisor = 100 + ratePercent;
  // Integer arithmetic: floor((gross·rate + divisor/2) / divisor), exact for every cent amount in use.
  return Math.floor((gross * ratePercent * 2 + divisor) / (2 * divisor));
}

/** The price summary of an order: items, shipping, gross total, contained VAT and net, in cents. */
export function orderTotal({ price, shippingPrice, quantity, delivery }: OrderTotalInput): OrderTotal {
  assertCents('price', price);
  assertCents('shippingPrice', shippingPrice);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be an integer >= 1`);
  const items = price * quantity;
  const shipping = delivery === 'shipping' ? shippingPrice : 0;
  const gross = items + shipping;
  const vat = containedVat(gross);
  return { items, shipping, gross, vat, net: gross - vat };
}

// ---------------------------------------------------------------------------------------------
// Field rules (spec 5, RKSV order) with the spec's German messages.

export const SHOP_MSG = {
  company: 'Firmenname ist erforderlich',
  name: 'Name des Bestellers ist erforderlich',
  address: 'Adresse ist erforderlich',
  city: 'Ort ist erforderlich',
  uid: 'UID muss im Format ATU12345678 sein',
  steuernummer: 'Steuernummer muss im Format 12345/6789 sein',
  companyRegister: 'Eine Firmenbuchnummer wird nicht akzeptiert. Bitte geben Sie die UID oder Steuernummer an.',
  taxIdType: 'Bitte wählen Sie UID oder Steuernummer',
  postalCode: 'PLZ muss 4 Ziffern enthalten',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  phone: 'Bitte geben Sie eine gültige österreichische Telefonnummer ein',
  quantity: 'Die Menge muss mindestens 1 sein',
  quantityMax: `Es können höchstens ${RKSV_MAX_QUANTITY} Stück bestellt werden`,
  deliveryMethod: 'Bitte wählen Sie Abholung oder Versand',
  agb: 'Bitte akzeptieren Sie die AGB',
  dataVerified: 'Bitte bestätigen Sie, dass Ihre Angaben korrekt sind',
  productId: 'Bitte wählen Sie ein Produkt',
  tooLong: 'Die Eingabe ist zu lang',
  amount: 'Ungültiger Betrag',
  sessionId: 'Sitzungs-ID fehlt',
  onlyFailed: 'Nur der Status failed kann gesetzt werden',
} as const;

const UID_RE = /^ATU\d{8}$/;
const STEUERNUMMER_RE = /^\d{5}\/\d{4}$/;
/** Firmenbuchnummer, e.g. `FN 123456a` or `123456 a`: a company register number, not a tax id. */
const COMPANY_REGISTER_RE = /^(FN)?\d{1,6}[A-Z]$/;

/** A UID is compared without spaces and in capitals (`atu 1234 5678` is `ATU12345678`); a tax number trimmed. */
export function normalizeTaxId(type: TaxIdType, value: string): string {
  return type === 'uid' ? value.replace(/\s+/g, '').toUpperCase() : value.trim();
}

/** The German message for a tax id of the given type, or null when it is valid. */
export function taxIdError(type: TaxIdType, value: string): string | null {
  const v = normalizeTaxId(type, value);
  if (COMPANY_REGISTER_RE.test(v.replace(/\s+/g, '').toUpperCase())) return SHOP_MSG.companyRegister;
  if (type === 'uid') return UID_RE.test(v) ? null : SHOP_MSG.uid;
  return STEUERNUMMER_RE.test(v) ? null : SHOP_MSG.steuernummer;
}

/** Spaces, dashes and brackets removed; then 0 + 7–8 digits, or 9–14 digits (optionally with a leading +). */
export function isAustrianPhone(value: string): boolean {
  const v = value.replace(/[\s\-()[\]{}]/g, '');
  return /^0\d{7,8}$/.test(v) || /^\+?\d{9,14}$/.test(v);
}

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, SHOP_MSG.tooLong);

const orderFields = {
  company: required(SHOP_MSG.company),
  name: required(SHOP_MSG.name),
  taxIdType: z.enum(TAX_ID_TYPES, { error: SHOP_MSG.taxIdType }),
  taxId: z.string({ error: SHOP_MSG.uid }).max(40, SHOP_MSG.tooLong),
  address: required(SHOP_MSG.address),
  postalCode: z
    .string({ error: SHOP_MSG.postalCode })
    .trim()
    .regex(/^\d{4}$/, SHOP_MSG.postalCode),
  city: required(SHOP_MSG.city, 100),
  email: z.string({ error: SHOP_MSG.email }).trim().max(200, SHOP_MSG.tooLong).pipe(z.email(SHOP_MSG.email)),
  phone: z
    .string({ error: SHOP_MSG.phone })
    .trim()
    .max(40, SHOP_MSG.phone)
    .refine((v) => isAustrianPhone(v), SHOP_MSG.phone),
  quantity: z
    .number({ error: SHOP_MSG.quantity })
    .int(SHOP_MSG.quantity)
    .min(1, SHOP_MSG.quantity)
    .max(RKSV_MAX_QUANTITY, SHOP_MSG.quantityMax),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: SHOP_MSG.deliveryMethod }),
  productId: z.number({ error: SHOP_MSG.productId }).int(SHOP_MSG.productId).positive(SHOP_MSG.productId),
  agb: z.literal(true, { error: SHOP_MSG.agb }),
  dataVerified: z.literal(true, { error: SHOP_MSG.dataVerified }),
};

/** The tax id depends on its type; this check runs even when other fields fail, so the form shows it at once. */
function checkTaxId(v: { taxIdType?: unknown; taxId?: unknown }, ctx: z.RefinementCtx): void {
  const type = v.taxIdType === 'steuernummer' ? 'steuernummer' : 'uid';
  const message = taxIdError(type, typeof v.taxId === 'string' ? v.taxId : '');
  if (message) ctx.addIssue({ code: 'custom', message, path: ['taxId'] });
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
    amount: z.number({ error: SHOP_MSG.amount }).int(SHOP_MSG.amount).min(0, SHOP_MSG.amount).optional(),
  })
  .superRefine(checkTaxId, always);
export type RksvOrderRequest = z.infer<typeof rksvOrderRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

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

/** The main product and the shipping price taken from the shipping product (0 when there is none). */
export function combineProducts(products: readonly RksvProduct[]): (RksvProduct & { shipping_price: number }) | null {
  const main = products.find((p) => p.kind === 'main');
  if (!main) return null;
  const shipping = products.find((p) => p.kind === 'shipping');
  return { ...main, shipping_price: shipping?.price ?? 0 };
}

export const checkoutResponseSchema = z.object({ data: z.object({ sessionUrl: z.string() }) });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const sessionIdSchema = z.string({ error: SHOP_MSG.sessionId }).trim().min(1, SHOP_MSG.sessionId).max(300);
export const orderDetailsQuerySchema = z.object({ session_id: sessionIdSchema });

export const updateOrderStatusSchema = z.object({
  session_id: sessionIdSchema,
  status: z.literal('failed', { error: SHOP_MSG.onlyFailed }),
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
    /** payment: the invoice is issued once paid; invoice: issued with the order, paid on its payment page. */
    mode: z.string(),
    session_id: z.string(),
    currency: z.string(),
    amount_total: z.number().int(),
    /** Link to the invoice PDF (carries an unguessable token), null until issued. */
    invoice_url: z.string().nullable(),
  }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
