import { eq, sql } from 'drizzle-orm';
import { VAT_RATE_PERCENT, toVienna } from '@portal/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { invoiceCounters, invoices, rksvOrders } from '../../db/schema/index.js';
import { token, type InvoiceRow, type Mode, type OrderRow } from './common.js';
import type { InvoiceData } from './invoice-pdf.js';

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
export function invoiceData(
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

/**
 * The next number of the one gap-free series for an invoice issued at `issuedAt` (Vienna's year),
 * in the caller's transaction: `2026-00042`. The emergency tasks' invoices (issue 31) take theirs here too.
 */
export async function takeInvoiceNumber(
  tx: Tx,
  issuedAt: Date,
): Promise<{ year: number; seq: number; number: string }> {
  const year = toVienna(issuedAt).getFullYear();
  const seq = await nextInvoiceNumber(tx, year);
  return { year, seq, number: `${year}-${String(seq).padStart(5, '0')}` };
}

export async function issueInvoice(
  tx: Tx,
  config: Config,
  order: OrderRow,
  shippingName: string | null,
  paid: { at: Date; method: string | null } | null,
): Promise<InvoiceRow> {
  const issuedAt = paid?.at ?? new Date();
  const { year, seq, number } = await takeInvoiceNumber(tx, issuedAt);
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
