import { defineMessages, type Message } from './messages/define.js';
/**
 * The shop's rules without zod: prices, tax ids, phone numbers and labels. The order page uses them
 * while it renders; the zod schemas (schemas/shop.ts) load only when the form is first used.
 */

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

export const SHOP_MSG = defineMessages('shop', {
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
});

const UID_RE = /^ATU\d{8}$/;
const STEUERNUMMER_RE = /^\d{5}\/\d{4}$/;
/** Firmenbuchnummer, e.g. `FN 123456a` or `123456 a`: a company register number, not a tax id. */
const COMPANY_REGISTER_RE = /^(FN)?\d{1,6}[A-Z]$/;

/** A UID is compared without spaces and in capitals (`atu 1234 5678` is `ATU12345678`); a tax number trimmed. */
export function normalizeTaxId(type: TaxIdType, value: string): string {
  return type === 'uid' ? value.replace(/\s+/g, '').toUpperCase() : value.trim();
}

/** The message for a tax id of the given type, or null when it is valid. */
export function taxIdError(type: TaxIdType, value: string): Message | null {
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

/** The main product and the shipping price taken from the shipping product (0 when there is none). */
export function combineProducts<P extends { kind: string; price: number }>(
  products: readonly P[],
): (P & { shipping_price: number }) | null {
  const main = products.find((p) => p.kind === 'main');
  if (!main) return null;
  const shipping = products.find((p) => p.kind === 'shipping');
  return { ...main, shipping_price: shipping?.price ?? 0 };
}
