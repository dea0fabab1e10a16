import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { PAYMENT_METHODS, type PaymentMethod } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { localCheckoutSessions } from '../../db/schema/index.js';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider, SessionState } from './types.js';

/** Like Stripe Checkout: a session can be paid for 24 hours. */
export const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export type LocalSession = typeof localCheckoutSessions.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export const isPaymentMethod = (v: unknown): v is PaymentMethod =>
  typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);

/**
 * The built-in test checkout: a page of the portal itself (/web/checkout/{id}) where the buyer picks
 * card, EPS or SEPA and pays or cancels. Nothing is charged and no card data is entered or stored.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  pageUrl(id: string): string {
    return `${this.publicUrl}/web/checkout/${encodeURIComponent(id)}`;
  }

  async createCheckout(req: CheckoutRequest, db: DbOrTx = this.db): Promise<CheckoutSession> {
    const id = newId('cs_local');
    await db.insert(localCheckoutSessions).values({
      id,
      client_reference_id: String(req.orderId),
      customer_email: req.email,
      line_items: req.lines.map((l) => ({ name: l.name, unit_amount: l.unitAmount, quantity: l.quantity })),
      amount_total: req.amountTotal,
      currency: req.currency,
      success_url: req.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)),
      cancel_url: req.cancelUrl,
      expires_at: new Date(Date.now() + LOCAL_SESSION_TTL_MS),
    });
    return { id, url: this.pageUrl(id) };
  }

  async find(id: string): Promise<LocalSession | null> {
    const [row] = await this.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id));
    return row ?? null;
  }

  async sessionState(sessionId: string): Promise<SessionState | null> {
    const s = await this.find(sessionId);
    return s ? { status: s.status, paymentStatus: s.payment_status, paymentMethod: s.payment_method } : null;
  }

  private event(
    s: LocalSession,
    type: PaymentEvent['type'],
    paymentStatus: string,
    method: string | null,
  ): PaymentEvent {
    return {
      id: newId('evt_local'),
      provider: 'local',
      type,
      sessionId: s.id,
      paymentStatus,
      amountTotal: s.amount_total,
      currency: s.currency,
      paymentMethod: method,
    };
  }

  /**
   * The buyer pays: the session completes and reports what Stripe would send. Card and EPS are paid
   * at once; a SEPA debit completes unpaid and then succeeds (Stripe's delayed-method sequence).
   * Null when the session is not open (already paid, expired, unknown).
   */
  async pay(id: string, method: PaymentMethod): Promise<{ session: LocalSession; events: PaymentEvent[] } | null> {
    const [s] = await this.db
      .update(localCheckoutSessions)
      .set({ status: 'complete', payment_status: 'paid', payment_method: method })
      .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')))
      .returning();
    if (!s) return null;
    const events =
      method === 'sepa_debit'
        ? [
            this.event(s, 'checkout.session.completed', 'unpaid', method),
            this.event(s, 'checkout.session.async_payment_succeeded', 'paid', method),
          ]
        : [this.event(s, 'checkout.session.completed', 'paid', method)];
    return { session: s, events };
  }

  /** An open session past its time expires, with the event Stripe sends then; null when nothing changed. */
  async expireIfDue(id: string, now = new Date()): Promise<PaymentEvent | null> {
    const [s] = await this.db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(
        and(
          eq(localCheckoutSessions.id, id),
          eq(localCheckoutSessions.status, 'open'),
          lt(localCheckoutSessions.expires_at, now),
        ),
      )
      .returning();
    return s ? this.event(s, 'checkout.session.expired', 'unpaid', null) : null;
  }
}
