import type { DbOrTx } from '../../db/client.js';

/**
 * Payment providers behind one interface. A provider opens a hosted checkout session and reports
 * what happened to it as events; the shop fulfils orders from those events only (one code path for
 * the built-in test checkout and for Stripe's signed webhooks).
 */

export type ProviderName = 'local' | 'stripe';

export interface CheckoutLine {
  name: string;
  /** Gross unit price in cents. */
  unitAmount: number;
  quantity: number;
}

export interface CheckoutRequest {
  orderId: number;
  /** payment or invoice (for the provider's description only). */
  mode: 'payment' | 'invoice';
  email: string;
  currency: 'eur';
  lines: CheckoutLine[];
  /** The sum of the lines, in cents: the provider's total must match it. */
  amountTotal: number;
  /** Where the buyer lands after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  /** Where the buyer lands after cancelling. */
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

/** A provider's report about a checkout session, normalised (Stripe's event shape, reduced). */
export interface PaymentEvent {
  /** The provider's event id: the same id twice is handled once. */
  id: string;
  provider: ProviderName;
  type: CheckoutEventType;
  sessionId: string;
  /** paid, unpaid or no_payment_required (Stripe's session payment_status). */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  /** card, eps, sepa_debit when known. */
  paymentMethod: string | null;
}

/** What the provider says about a session now (for the result page while the order is still open). */
export interface SessionState {
  status: string | null;
  paymentStatus: string;
  paymentMethod: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * `db`: the caller's transaction, for a provider that keeps its sessions in the database (the
   * built-in checkout), so the session commits or rolls back with its order.
   */
  createCheckout(req: CheckoutRequest, db?: DbOrTx): Promise<CheckoutSession>;
  /** The session as the provider sees it; null when it does not know it or cannot be reached. */
  sessionState(sessionId: string): Promise<SessionState | null>;
}

/** The provider failed or answered something unusable: the buyer gets a 502 and may try again. */
export class PaymentProviderError extends Error {}
