import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  VAT_RATE_PERCENT,
  formatMoney,
  normalizeTaxId,
  orderTotal,
  toVienna,
  type OrderDetails,
  type RksvOrderRequest,
  type RksvProduct,
} from '@portal/shared';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { invoiceCounters, invoices, paymentEvents, products, rksvCards, rksvOrders } from '../../db/schema/index.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { queueMail, type Mailer } from '../../platform/mail.js';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/index.js';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.js';

/** The shop's German messages (the web app translates them by this text). */
export const SHOP_ERR = {
  unknownProduct: 'Unbekanntes Produkt',
  amountMismatch: 'Der Betrag stimmt nicht mit dem aktuellen Preis überein. Bitte laden Sie die Seite neu.',
  orderNotFound: 'Bestellung nicht gefunden.',
  paidNoDowngrade: 'Die Bestellung ist bereits bezahlt und kann nicht mehr als fehlgeschlagen markiert werden.',
  providerDown: 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es später erneut.',
  badSignature: 'Ungültige Webhook-Signatur.',
  invoiceNotFound: 'Rechnung nicht gefunden.',
  proformaNotFound: 'Proforma-Rechnung nicht gefunden.',
  robot: 'Die automatische Sicherheitsprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
} as const;

export interface ShopDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

type OrderRow = typeof rksvOrders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type Mode = 'payment' | 'invoice';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const token = () => randomBytes(24).toString('base64url');

/** Where an invoice's PDF lies, relative to the uploads folder and absolute. */
export function invoiceFile(config: Pick<Config, 'uploads'>, number: string): { rel: string; abs: string } {
  const rel = path.posix.join('invoices', `${number}.pdf`);
  return { rel, abs: path.join(config.uploads.dir, rel) };
}
export const invoiceFileName = (number: string) => `Rechnung-${number}.pdf`;
/** The buyer's link to the PDF: the unguessable token is the key. */
export const invoicePath = (accessToken: string) => `/web/rksv-invoice/${accessToken}`;

/**
 * An order on invoice gets a pro-forma until it is paid: its own reference (the order number, never a
 * number of the gap-free invoice sequence, which cannot be withdrawn) and a PDF rendered on demand.
 * The link's key is the order's unguessable return reference.
 */
export const proformaNumber = (orderId: number) => `PF-${orderId}`;
export const proformaPath = (returnRef: string) => `/web/rksv-proforma/${returnRef}`;
export const proformaFileName = (orderId: number) => `Proforma-${proformaNumber(orderId)}.pdf`;

// ---------------------------------------------------------------------------------------------
// Products.

export async function listProducts(db: Db): Promise<RksvProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      kind: products.kind,
      name: products.name,
      description: products.description,
      price: products.price,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ ...r, kind: r.kind as RksvProduct['kind'] }));
}

// ---------------------------------------------------------------------------------------------
// Order.

/**
 * Stores an order and opens the provider's checkout. The server prices everything from the products
 * and the quantity; a client amount that differs is refused. In both modes the invoice (gap-free
 * number, PDF, mail) is issued only once paid: an anonymous caller can make neither an invoice
 * number nor a mail to an address nobody confirmed. Mode `invoice` answers a pro-forma besides the
 * payment page (reference PF-<order>, PDF at `proformaUrl`), and sends no mail.
 */
export async function createOrder(
  deps: ShopDeps,
  input: RksvOrderRequest,
  mode: Mode,
): Promise<{ sessionUrl: string; proformaNumber?: string; proformaUrl?: string }> {
  const { db, config, payments } = deps;
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

  // The order id is taken first, so the provider's session carries it; the row follows with the session.
  const [{ id: orderId } = { id: 0 }] = rowsOf<{ id: number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('rksv_orders', 'id'))::int as id`),
  );
  const returnRef = token();
  const lines = [{ name: main.name, unitAmount: main.price, quantity: input.quantity }];
  if (total.shipping > 0 && shipping) lines.push({ name: shipping.name, unitAmount: shipping.price, quantity: 1 });

  let session;
  try {
    session = await payments.createCheckout({
      orderId,
      mode,
      email: input.email,
      currency: 'eur',
      lines,
      amountTotal: total.gross,
      successUrl: `${config.publicUrl}/rksv/result?session_id={CHECKOUT_SESSION_ID}&status=success`,
      cancelUrl: `${config.publicUrl}/web/rksv-checkout-cancelled?ref=${returnRef}`,
    });
  } catch (err) {
    deps.log.error({ err, orderId }, 'checkout session could not be opened');
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
  });
  if (mode !== 'invoice') return { sessionUrl: session.url };
  return { sessionUrl: session.url, proformaNumber: proformaNumber(orderId), proformaUrl: proformaPath(returnRef) };
}

/** The next number of the year, taken in the caller's transaction: a rollback gives it back (gap-free). */
async function nextInvoiceNumber(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last_number: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last_number: sql`invoice_counters.last_number + 1` } })
    .returning({ n: invoiceCounters.last_number });
  return row!.n;
}

/** What an invoice (or the pro-forma) of an order prints: frozen at issue for an invoice. */
function invoiceData(
  config: Config,
  order: OrderRow,
  shippingName: string | null,
  number: string,
  issuedAt: Date,
  paid: { at: Date; method: string | null } | null,
): InvoiceData {
  const lines: InvoiceData['lines'] = [
    {
      description: `${order.product_name} – Signaturerstellungseinheit für Registrierkassen (RKSV), 5 Jahre gültig`,
      quantity: order.qty,
      unitGross: order.unit_price,
      totalGross: order.unit_price * order.qty,
    },
  ];
  if (order.shipping_amount > 0) {
    lines.push({
      description: shippingName ?? 'Versand',
      quantity: 1,
      unitGross: order.shipping_amount,
      totalGross: order.shipping_amount,
    });
  }
  return {
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: order.id,
    seller: config.seller,
    buyer: {
      company: order.companyname,
      name: order.customername,
      address: order.address,
      postalCode: order.zipcode,
      city: order.city,
      taxIdType: order.tax_id_type as 'uid' | 'steuernummer',
      taxId: order.vatnr,
    },
    lines,
    net: order.net_amount,
    vat: order.vat_amount,
    gross: order.total_amount,
    vatRate: VAT_RATE_PERCENT,
    delivery: order.delivery === 1 ? 'shipping' : 'pickup',
    mode: order.mode as Mode,
    paidAt: paid ? paid.at.toISOString() : null,
    paymentMethod: paid?.method ?? null,
  };
}

async function issueInvoice(
  tx: Tx,
  config: Config,
  order: OrderRow,
  shippingName: string | null,
  paid: { at: Date; method: string | null } | null,
): Promise<InvoiceRow> {
  const issuedAt = paid?.at ?? new Date();
  const year = toVienna(issuedAt).getFullYear();
  const seq = await nextInvoiceNumber(tx, year);
  const number = `${year}-${String(seq).padStart(5, '0')}`;
  const data = invoiceData(config, order, shippingName, number, issuedAt, paid);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      order_id: order.id,
      year,
      seq,
      number,
      issued_at: issuedAt,
      net_amount: order.net_amount,
      vat_amount: order.vat_amount,
      total_amount: order.total_amount,
      data,
      access_token: token(),
    })
    .returning();
  await tx.update(rksvOrders).set({ stripe_inv_id: number, updated_at: new Date() }).where(eq(rksvOrders.id, order.id));
  return invoice!;
}

// ---------------------------------------------------------------------------------------------
// Mails.

const deliveryText = (order: OrderRow) =>
  order.delivery === 1
    ? 'Versand (3–5 Werktage nach Bestellung und Verfügbarkeit)'
    : 'Abholung in 1190 Wien (kostenlos, nach Verfügbarkeit)';

function attachment(config: Config, invoice: InvoiceRow) {
  return {
    filename: invoiceFileName(invoice.number),
    path: invoiceFile(config, invoice.number).abs,
    contentType: 'application/pdf',
  };
}

function summary(config: Config, order: OrderRow, invoice: InvoiceRow): string[] {
  return [
    `Bestellnummer: ${order.id}`,
    `Produkt: ${order.product_name}`,
    `Menge: ${order.qty}`,
    `Lieferung: ${deliveryText(order)}`,
    `Gesamtbetrag: ${formatMoney(order.total_amount)} (inkl. ${VAT_RATE_PERCENT} % USt ${formatMoney(order.vat_amount)})`,
    `Rechnungsnummer: ${invoice.number}`,
    `Rechnung (PDF): ${config.publicUrl}${invoicePath(invoice.access_token)}`,
  ];
}

const terms =
  'Die Signaturkarte ist 5 Jahre gültig. Die Lieferung erfolgt nach Verfügbarkeit. Nach erfolgter Zahlung ist keine Rückerstattung möglich.';

function confirmationMail(config: Config, order: OrderRow, invoice: InvoiceRow) {
  return {
    to: order.email,
    subject: `Zahlungsbestätigung – Bestellung ${order.id}, Rechnung ${invoice.number}`,
    text: [
      `Guten Tag ${order.customername},`,
      '',
      'vielen Dank für Ihre Bestellung der Signaturkarte RKSV 2025. Ihre Zahlung ist eingegangen.',
      '',
      ...summary(config, order, invoice),
      '',
      'Die Rechnung finden Sie im Anhang.',
      terms,
      '',
      'Mit freundlichen Grüßen',
      config.seller.name,
    ].join('\n'),
    attachments: [attachment(config, invoice)],
  };
}

// ---------------------------------------------------------------------------------------------
// After commit: the PDF on disk, then the mails (which attach it).

/** Writes the invoice's PDF if it is not on disk yet; rendered from the data frozen at issue. */
export async function ensureInvoicePdf(deps: Pick<ShopDeps, 'db' | 'config'>, invoice: InvoiceRow): Promise<string> {
  const { rel, abs } = invoiceFile(deps.config, invoice.number);
  if (!fs.existsSync(abs)) {
    const pdf = await renderInvoicePdf(invoice.data as InvoiceData);
    await fs.promises.mkdir(path.dirname(abs), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const tmp = `${abs}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, pdf);
    await fs.promises.rename(tmp, abs);
  }
  if (invoice.pdf_path !== rel) {
    await deps.db.update(invoices).set({ pdf_path: rel }).where(eq(invoices.id, invoice.id));
  }
  return abs;
}

async function afterCommit(deps: ShopDeps, issued: InvoiceRow[], mailIds: number[]): Promise<void> {
  for (const inv of issued) {
    try {
      await ensureInvoicePdf(deps, inv);
    } catch (err) {
      // The download renders it on demand, and the next start retries; the mail waits for its retry.
      deps.log.error({ err, invoice: inv.number }, 'invoice PDF could not be written');
    }
  }
  if (mailIds.length) void deps.mailer.flush(mailIds);
}

/** At start: PDFs of invoices committed but not written (the process stopped in between). */
export async function writeMissingInvoicePdfs(deps: Pick<ShopDeps, 'db' | 'config' | 'log'>): Promise<void> {
  const missing = await deps.db.select().from(invoices).where(isNull(invoices.pdf_path)).limit(500);
  for (const inv of missing) {
    try {
      await ensureInvoicePdf(deps, inv);
    } catch (err) {
      deps.log.error({ err, invoice: inv.number }, 'invoice PDF could not be written');
    }
  }
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

export async function isEventProcessed(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.event_id })
    .from(paymentEvents)
    .where(eq(paymentEvents.event_id, eventId));
  return !!row;
}

/**
 * Applies a provider's event in one transaction. The event id is recorded first: the same event
 * again does nothing. Paid is final: a failure or expiry never downgrades it; a payment wins over an
 * earlier failure (money received is booked). On payment: paid with payed_at and the method, one card
 * row per unit, the invoice (gap-free number) unless issued with the order, the confirmation mail.
 */
export async function processPaymentEvent(deps: ShopDeps, ev: PaymentEvent): Promise<EventOutcome> {
  const { db, config } = deps;
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
    const now = new Date();
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
        deps.log.error(
          { orderId: order.id, expected: order.total_amount, got: ev.amountTotal, currency: ev.currency },
          'payment amount differs from the order: not fulfilled',
        );
        outcome = 'amount_mismatch';
      } else {
        const [paid] = await tx
          .update(rksvOrders)
          .set({ payment_status: 'paid', payed_at: now, payment_type: ev.paymentMethod, updated_at: now })
          .where(eq(rksvOrders.id, order.id))
          .returning();
        await tx.insert(rksvCards).values(Array.from({ length: order.qty }, () => ({ order_id: order.id })));
        [invoice = null] = await tx.select().from(invoices).where(eq(invoices.order_id, order.id));
        if (!invoice) {
          const [shipping] = await tx
            .select({ name: products.name })
            .from(products)
            .where(and(eq(products.kind, 'shipping'), eq(products.active, true)));
          invoice = await issueInvoice(tx, config, paid!, shipping?.name ?? null, {
            at: now,
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
          .set({ payment_status: 'failed', failed_at: now, updated_at: now })
          .where(eq(rksvOrders.id, order.id));
        outcome = 'failed';
      } else outcome = 'ignored';
    } else if (ev.type === 'checkout.session.expired') {
      if (order.payment_status === 'pending' || order.payment_status === 'failed') {
        await tx
          .update(rksvOrders)
          .set({ payment_status: 'expired', expired_at: now, updated_at: now })
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
    await afterCommit(deps, result.invoice ? [result.invoice] : [], result.mailId ? [result.mailId] : []);
  }
  return result.outcome;
}

// ---------------------------------------------------------------------------------------------
// Result page calls.

/** POST /web/update-rksv-order-status: only to failed, only while unpaid. */
export async function markOrderFailed(db: Db, sessionId: string): Promise<{ payment_status: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: rksvOrders.id, payment_status: rksvOrders.payment_status })
      .from(rksvOrders)
      .where(eq(rksvOrders.session_id, sessionId))
      .for('update');
    if (!order) throw notFound(SHOP_ERR.orderNotFound);
    if (order.payment_status === 'paid' || order.payment_status === 'completed')
      throw conflict(SHOP_ERR.paidNoDowngrade);
    if (order.payment_status !== 'pending') return { payment_status: order.payment_status };
    const now = new Date();
    await tx
      .update(rksvOrders)
      .set({ payment_status: 'failed', failed_at: now, updated_at: now })
      .where(eq(rksvOrders.id, order.id));
    return { payment_status: 'failed' };
  });
}

/** The session id behind a cancel link (null when the reference is unknown). */
export async function sessionForReturnRef(db: Db, ref: string): Promise<string | null> {
  const [row] = await db
    .select({ session_id: rksvOrders.session_id })
    .from(rksvOrders)
    .where(eq(rksvOrders.return_ref, ref));
  return row?.session_id ?? null;
}

/**
 * GET /web/rksv-order-details: the order, the provider's view of the payment and a summary. While the
 * order is still open the provider is asked (the buyer may be back before its report arrived).
 */
export async function orderDetails(deps: ShopDeps, sessionId: string): Promise<OrderDetails> {
  const [row] = await deps.db
    .select({ order: rksvOrders, invoiceToken: invoices.access_token })
    .from(rksvOrders)
    .leftJoin(invoices, eq(invoices.order_id, rksvOrders.id))
    .where(eq(rksvOrders.session_id, sessionId));
  if (!row) throw notFound(SHOP_ERR.orderNotFound);
  const o = row.order;
  let providerStatus = o.payment_status === 'paid' ? 'paid' : 'unpaid';
  let providerMethod = o.payment_type;
  if (o.payment_status === 'pending' && o.provider === deps.payments.name) {
    const state = await deps.payments.sessionState(sessionId);
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

/** The invoice behind a download token, its PDF written if needed. */
export async function invoiceDownload(
  deps: Pick<ShopDeps, 'db' | 'config'>,
  accessToken: string,
): Promise<{ file: string; filename: string; size: number }> {
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.access_token, accessToken));
  if (!inv) throw notFound(SHOP_ERR.invoiceNotFound);
  const file = await ensureInvoicePdf(deps, inv);
  const { size } = await fs.promises.stat(file);
  return { file, filename: invoiceFileName(inv.number), size };
}

/**
 * The pro-forma of an order on invoice, rendered now from the order (nothing stored, no number
 * taken). Null for an unknown reference or an order in payment mode.
 */
export async function proformaDownload(
  deps: Pick<ShopDeps, 'db' | 'config'>,
  returnRef: string,
): Promise<{ pdf: Buffer; filename: string } | null> {
  const [order] = await deps.db.select().from(rksvOrders).where(eq(rksvOrders.return_ref, returnRef));
  if (!order || order.mode !== 'invoice') return null;
  const [shipping] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.kind, 'shipping'), eq(products.active, true)));
  const data = invoiceData(deps.config, order, shipping?.name ?? null, proformaNumber(order.id), order.saved_at, null);
  const pdf = await renderInvoicePdf({ ...data, proforma: { paymentUrl: order.session_url } });
  return { pdf, filename: proformaFileName(order.id) };
}
