import Stripe from 'stripe';
import type { Config } from '../../config.js';
import {
  CHECKOUT_EVENT_TYPES,
  PaymentProviderError,
  type CheckoutEventType,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type SessionState,
} from './types.js';

/** The Stripe client; STRIPE_API_BASE (tests) points it at a local stand-in of Stripe's API. */
export function createStripeClient(payments: Config['payments']): Stripe {
  const base = payments.stripeApiBase ? new URL(payments.stripeApiBase) : null;
  return new Stripe(payments.stripeSecretKey ?? '', {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const isCheckoutEventType = (t: string): t is CheckoutEventType =>
  (CHECKOUT_EVENT_TYPES as readonly string[]).includes(t);

/** The type of the payment method of an expanded session (payment_intent.payment_method), if any. */
function methodOf(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  if (pi && typeof pi === 'object') {
    const pm = pi.payment_method;
    if (pm && typeof pm === 'object' && pm.type) return pm.type;
    const types = pi.payment_method_types;
    if (types?.length === 1) return types[0] ?? null;
  }
  return null;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(payments: Config['payments']) {
    this.stripe = createStripeClient(payments);
    this.webhookSecret = payments.stripeWebhookSecret ?? '';
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(req.orderId),
          customer_email: req.email,
          locale: 'de',
          allowed_payment_method_types: ['card', 'eps', 'sepa_debit'],
          line_items: req.lines.map((l) => ({
            quantity: l.quantity,
            price_data: { currency: req.currency, unit_amount: l.unitAmount, product_data: { name: l.name } },
          })),
          metadata: { order_id: String(req.orderId), mode: req.mode },
          payment_intent_data: {
            description: `RKSV-Bestellung ${req.orderId}`,
            metadata: { order_id: String(req.orderId) },
          },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        // A retried call (network hiccup) does not open a second session for the same order.
        { idempotencyKey: `rksv-order-${req.orderId}` },
      );
    } catch (err) {
      throw new PaymentProviderError(`stripe: checkout session not created: ${(err as Error).message}`);
    }
    if (!session.url) throw new PaymentProviderError('stripe: checkout session without url');
    if (session.amount_total !== null && session.amount_total !== req.amountTotal) {
      throw new PaymentProviderError(
        `stripe: session total ${session.amount_total} differs from the order total ${req.amountTotal}`,
      );
    }
    return { id: session.id, url: session.url };
  }

  async sessionState(sessionId: string): Promise<SessionState | null> {
    try {
      const s = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] });
      return { status: s.status, paymentStatus: s.payment_status, paymentMethod: methodOf(s) };
    } catch {
      return null;
    }
  }

  /**
   * Verifies a webhook call against the RAW body and the signing secret. Throws on a bad signature;
   * answers null for an event type the shop does not handle.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature || !this.webhookSecret) throw new PaymentProviderError('missing signature');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  /**
   * The checkout event in the shop's terms. The payment method is looked up at Stripe (the event's
   * session carries only the payment intent id); when Stripe cannot be reached it stays unknown.
   */
  async toPaymentEvent(event: Stripe.Event): Promise<PaymentEvent | null> {
    if (!isCheckoutEventType(event.type)) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    let paymentMethod: string | null = null;
    if (event.type !== 'checkout.session.expired') {
      paymentMethod = (await this.sessionState(session.id))?.paymentMethod ?? null;
    }
    return {
      id: event.id,
      provider: 'stripe',
      type: event.type,
      sessionId: session.id,
      paymentStatus: session.payment_status,
      amountTotal: session.amount_total,
      currency: session.currency,
      paymentMethod,
    };
  }
}
