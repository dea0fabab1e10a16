import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, invoices, paymentEvents, products, rksvCards, rksvOrders } from '../../db/schema/index.js';
import { queueMail } from '../../platform/mail.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import type { PaymentEvent } from '../../platform/payments/index.js';
import { now, type ServiceCtx } from '../../platform/service.js';
import type { InvoiceRow, ShopCtx } from './common.js';
import { ensureInvoicePdf } from './invoice-files.js';
import { issueInvoice } from './invoice-numbers.js';
import { confirmationMail } from './mail-texts.js';

// After commit: the PDF on disk, then the mails (which attach it).
async function afterFulfilment(ctx: ShopCtx, issued: InvoiceRow[], mailIds: number[]): Promise<void> {
  for (const inv of issued) {
    try {
      await ensureInvoicePdf(ctx, inv);
    } catch (err) {
      // The download renders it on demand, and the next start retries; the mail waits for its retry.
      ctx.log.error({ err, invoice: inv.number }, 'invoice PDF could not be written');
    }
  }
  // The PDF is on disk before the answer, so the mails released after it can attach it.
  afterCommit.mail(mailIds);
}

/**
 * A paid order belongs to the customer record whose VAT number or e-mail it carries, when exactly one
 * active record matches (issue 21): then the customer sees it in the business dashboard without staff
 * assigning it. None or several matches leave it to staff (rksv-assign-customer).
 */
async function linkCustomerRecord(tx: DbOrTx, order: { id: number; vatnr: string; email: string }): Promise<void> {
  const vat = order.vatnr.replace(/\s+/g, '').toUpperCase();
  const matches = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.active, true),
        or(
          vat ? sql`upper(replace(${customers.uid}, ' ', '')) = ${vat}` : undefined,
          sql`lower(${customers.email}) = ${order.email.trim().toLowerCase()}`,
        ),
      ),
    )
    .limit(2);
  if (matches.length === 1)
    await tx.update(rksvOrders).set({ customer_id: matches[0]!.id }).where(eq(rksvOrders.id, order.id));
}

// ---------------------------------------------------------------------------------------------
// Fulfilment: the one code path for the test checkout and Stripe's webhooks.

export type EventOutcome =
  | 'duplicate'
  | 'unknown_session'
  | 'fulfilled'
  | 'already_paid'
  | 'amount_mismatch'
  | 'awaiting_payment'
  | 'failed'
  | 'expired'
  | 'ignored';

export async function isEventProcessed(ctx: ServiceCtx, input: { eventId: string }): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: paymentEvents.event_id })
    .from(paymentEvents)
    .where(eq(paymentEvents.event_id, input.eventId));
  return !!row;
}

/**
 * Applies a provider's event in one transaction. The event id is recorded first: the same event
 * again does nothing. Paid is final: a failure or expiry never downgrades it; a payment wins over an
 * earlier failure (money received is booked). On payment: paid with payed_at and the method, one card
 * row per unit, the invoice (gap-free number) unless issued with the order, the confirmation mail.
 */
export async function processPaymentEvent(ctx: ShopCtx, input: { event: PaymentEvent }): Promise<EventOutcome> {
  const ev = input.event;
  const { db, config } = ctx;
  const result = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ event_id: ev.id, provider: ev.provider, type: ev.type, session_id: ev.sessionId, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.event_id });
    if (!fresh) return { outcome: 'duplicate' as const };

    const [order] = await tx.select().from(rksvOrders).where(eq(rksvOrders.session_id, ev.sessionId)).for('update');
    let outcome: EventOutcome;
    let invoice: InvoiceRow | null = null;
    let mailId: number | null = null;
    const at = now(ctx);
    if (!order) {
      outcome = 'unknown_session';
    } else if (
      ev.type === 'checkout.session.async_payment_succeeded' ||
      (ev.type === 'checkout.session.completed' &&
        (ev.paymentStatus === 'paid' || ev.paymentStatus === 'no_payment_required'))
    ) {
      if (order.payment_status === 'paid') {
        outcome = 'already_paid';
      } else if (
        (ev.amountTotal !== null && ev.amountTotal !== order.total_amount) ||
        (ev.currency !== null && ev.currency.toLowerCase() !== order.currency)
      ) {
        ctx.log.error(
          { orderId: order.id, expected: order.total_amount, got: ev.amountTotal, currency: ev.currency },
          'payment amount differs from the order: not fulfilled',
        );
        outcome = 'amount_mismatch';
      } else {
        const [paid] = await tx
          .update(rksvOrders)
          .set({ payment_status: 'paid', payed_at: at, payment_type: ev.paymentMethod, updated_at: at })
          .where(eq(rksvOrders.id, order.id))
          .returning();
        await tx.insert(rksvCards).values(Array.from({ length: order.qty }, () => ({ order_id: order.id })));
        if (paid!.customer_id === null) await linkCustomerRecord(tx, paid!);
        [invoice = null] = await tx.select().from(invoices).where(eq(invoices.order_id, order.id));
        if (!invoice) {
          const [shipping] = await tx
            .select({ name: products.name })
            .from(products)
            .where(and(eq(products.kind, 'shipping'), eq(products.active, true)));
          invoice = await issueInvoice(tx, config, paid!, shipping?.name ?? null, {
            at: at,
            method: ev.paymentMethod,
          });
        }
        mailId = await queueMail(tx, confirmationMail(config, { ...paid!, stripe_inv_id: invoice.number }, invoice));
        outcome = 'fulfilled';
      }
    } else if (ev.type === 'checkout.session.completed') {
      // A delayed method (SEPA debit): the session is complete, the money not yet there.
      outcome = 'awaiting_payment';
    } else if (ev.type === 'checkout.session.async_payment_failed') {
      if (order.payment_status === 'pending') {
        await tx
          .update(rksvOrders)
          .set({ payment_status: 'failed', failed_at: at, updated_at: at })
          .where(eq(rksvOrders.id, order.id));
        outcome = 'failed';
      } else outcome = 'ignored';
    } else if (ev.type === 'checkout.session.expired') {
      if (order.payment_status === 'pending' || order.payment_status === 'failed') {
        await tx
          .update(rksvOrders)
          .set({ payment_status: 'expired', expired_at: at, updated_at: at })
          .where(eq(rksvOrders.id, order.id));
        outcome = 'expired';
      } else outcome = 'ignored';
    } else {
      outcome = 'ignored';
    }
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.event_id, ev.id));
    return { outcome, invoice, mailId };
  });
  if (result.outcome === 'fulfilled') {
    await afterFulfilment(ctx, result.invoice ? [result.invoice] : [], result.mailId ? [result.mailId] : []);
  }
  return result.outcome;
}
