import { eq, sql } from 'drizzle-orm';
import { normalizeTaxId, orderTotal, type OrderDetails, type RksvOrderRequest } from '@portal/shared';
import { now, type ServiceCtx } from '../../platform/service.js';
import type { RequestInfo } from '../../platform/serve.js';
import { checkReplacedCard } from './replacement.js';
import { invoices, products, rksvOrders } from '../../db/schema/index.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  SHOP_ERR,
  invoicePath,
  proformaNumber,
  proformaPath,
  rowsOf,
  token,
  type Mode,
  type ShopCtx,
} from './common.js';

/**
 * Stores an order and opens the provider's checkout. The server prices everything from the products
 * and the quantity; a client amount that differs is refused. In both modes the invoice (gap-free
 * number, PDF, mail) is issued only once paid: an anonymous caller can make neither an invoice
 * number nor a mail to an address nobody confirmed. Mode `invoice` answers a pro-forma besides the
 * payment page (reference PF-<order>, PDF at `proformaUrl`), and sends no mail.
 */
export async function createOrder(
  ctx: ShopCtx & { request: RequestInfo },
  request: { order: RksvOrderRequest; mode: Mode },
): Promise<{ sessionUrl: string; proformaNumber?: string; proformaUrl?: string }> {
  const { db, config, payments } = ctx;
  const { order: input, mode } = request;
  const active = await db.select().from(products).where(eq(products.active, true));
  const main = active.find((p) => p.id === input.productId && p.kind === 'main');
  if (!main) throw badRequest(SHOP_ERR.unknownProduct);
  const shipping = active.find((p) => p.kind === 'shipping');
  const total = orderTotal({
    price: main.price,
    shippingPrice: shipping?.price ?? 0,
    quantity: input.quantity,
    delivery: input.deliveryMethod,
  });
  if (input.amount !== undefined && input.amount !== total.gross) throw badRequest(SHOP_ERR.amountMismatch);
  // "Ersatz bestellen": only the card's owner (or staff who may see it) names the card replaced.
  const replacesCardId = input.replacesCardId
    ? await checkReplacedCard(db, ctx.request.sessionId, input.replacesCardId)
    : null;

  // The order id is taken first, so the provider's session carries it; the row follows with the session.
  const [{ id: orderId } = { id: 0 }] = rowsOf<{ id: number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('rksv_orders', 'id'))::int as id`),
  );
  const returnRef = token();
  const lines = [{ name: main.name, unitAmount: main.price, quantity: input.quantity }];
  if (total.shipping > 0 && shipping) lines.push({ name: shipping.name, unitAmount: shipping.price, quantity: 1 });

  let session;
  try {
    session = await payments.createCheckout(
      {
        orderId,
        mode,
        email: input.email,
        currency: 'eur',
        lines,
        amountTotal: total.gross,
        successUrl: `${config.publicUrl}/rksv/result?session_id={CHECKOUT_SESSION_ID}&status=success`,
        cancelUrl: `${config.publicUrl}/web/rksv-checkout-cancelled?ref=${returnRef}`,
      },
      db,
    );
  } catch (err) {
    ctx.log.error({ err, orderId }, 'checkout session could not be opened');
    throw new HttpError(502, SHOP_ERR.providerDown);
  }

  await db.insert(rksvOrders).values({
    id: orderId,
    companyname: input.company,
    customername: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    zipcode: input.postalCode,
    city: input.city,
    vatnr: normalizeTaxId(input.taxIdType, input.taxId),
    tax_id_type: input.taxIdType,
    product_id: main.id,
    product_name: main.name,
    qty: input.quantity,
    delivery: input.deliveryMethod === 'shipping' ? 1 : 0,
    unit_price: main.price,
    shipping_amount: total.shipping,
    net_amount: total.net,
    vat_amount: total.vat,
    total_amount: total.gross,
    provider: payments.name,
    mode,
    session_id: session.id,
    session_url: session.url,
    return_ref: returnRef,
    lang: input.lang ?? null,
    replaces_card_id: replacesCardId,
  });
  if (mode !== 'invoice') return { sessionUrl: session.url };
  return { sessionUrl: session.url, proformaNumber: proformaNumber(orderId), proformaUrl: proformaPath(returnRef) };
}

/** POST /web/update-rksv-order-status: only to failed, only while unpaid. */
export async function markOrderFailed(
  ctx: ServiceCtx,
  input: { sessionId: string },
): Promise<{ payment_status: string }> {
  const { sessionId } = input;
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: rksvOrders.id, payment_status: rksvOrders.payment_status })
      .from(rksvOrders)
      .where(eq(rksvOrders.session_id, sessionId))
      .for('update');
    if (!order) throw notFound(SHOP_ERR.orderNotFound);
    if (order.payment_status === 'paid' || order.payment_status === 'completed')
      throw conflict(SHOP_ERR.paidNoDowngrade);
    if (order.payment_status !== 'pending') return { payment_status: order.payment_status };
    const at = now(ctx);
    await tx
      .update(rksvOrders)
      .set({ payment_status: 'failed', failed_at: at, updated_at: at })
      .where(eq(rksvOrders.id, order.id));
    return { payment_status: 'failed' };
  });
}

/** The session id behind a cancel link (null when the reference is unknown). */
export async function sessionForReturnRef(ctx: ServiceCtx, input: { ref: string }): Promise<string | null> {
  const [row] = await ctx.db
    .select({ session_id: rksvOrders.session_id })
    .from(rksvOrders)
    .where(eq(rksvOrders.return_ref, input.ref));
  return row?.session_id ?? null;
}

/**
 * GET /web/rksv-order-details: the order, the provider's view of the payment and a summary. While the
 * order is still open the provider is asked (the buyer may be back before its report arrived).
 */
export async function orderDetails(ctx: ShopCtx, input: { sessionId: string }): Promise<OrderDetails> {
  const { sessionId } = input;
  const [row] = await ctx.db
    .select({ order: rksvOrders, invoiceToken: invoices.access_token })
    .from(rksvOrders)
    .leftJoin(invoices, eq(invoices.order_id, rksvOrders.id))
    .where(eq(rksvOrders.session_id, sessionId));
  if (!row) throw notFound(SHOP_ERR.orderNotFound);
  const o = row.order;
  let providerStatus = o.payment_status === 'paid' ? 'paid' : 'unpaid';
  let providerMethod = o.payment_type;
  if (o.payment_status === 'pending' && o.provider === ctx.payments.name) {
    const state = await ctx.payments.sessionState(sessionId);
    if (state) {
      providerStatus = state.paymentStatus;
      providerMethod = state.paymentMethod;
    } else providerStatus = 'missing';
  }
  return {
    order: {
      id: o.id,
      product_name: o.product_name,
      qty: o.qty,
      delivery: o.delivery,
      payment_status: o.payment_status,
      payment_type: o.payment_type,
      stripe_inv_id: o.stripe_inv_id,
      unit_price: o.unit_price,
      shipping_amount: o.shipping_amount,
      net_amount: o.net_amount,
      vat_amount: o.vat_amount,
      total_amount: o.total_amount,
      saved_at: o.saved_at.toISOString(),
      payed_at: o.payed_at ? o.payed_at.toISOString() : null,
    },
    stripe: {
      payment_status: providerStatus,
      payment_method: providerMethod ?? 'missing',
      invoice: o.stripe_inv_id,
    },
    payment: {
      provider: o.provider,
      mode: o.mode,
      session_id: sessionId,
      currency: o.currency,
      amount_total: o.total_amount,
      invoice_url: row.invoiceToken ? invoicePath(row.invoiceToken) : null,
      proforma_url: o.mode === 'invoice' && !row.invoiceToken ? proformaPath(o.return_ref) : null,
    },
  };
}
