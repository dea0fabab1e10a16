import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { SHOP_ERR, RKSV_PAID_STATUSES, type BusinessInvoiceList, type BusinessPageQuery } from '@portal/shared';
import { invoices, rksvOrders } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { ensureInvoicePdf, invoiceFileName } from '../../shop/index.js';
import { ownCustomer } from '../own-customer.js';

export const invoicePdfPath = (number: string) => `/api/business/invoices/${encodeURIComponent(number)}.pdf`;

/**
 * Whose invoice it is: a paid order's of the customer, or one of the customer's emergency tasks'
 * (issue 31: `invoices.customer_id`, set only on a task's invoice; index invoices_customer_idx).
 */
const ownInvoice = (customerId: number) =>
  or(
    and(eq(rksvOrders.customer_id, customerId), inArray(rksvOrders.payment_status, [...RKSV_PAID_STATUSES])),
    eq(invoices.customer_id, customerId),
  );

/** The customer's invoices (paid orders, billed emergency tasks), newest first (keyset on the invoice id). */
export async function listOwnInvoices(
  ctx: ServiceCtx,
  viewer: Viewer,
  q: BusinessPageQuery,
): Promise<BusinessInvoiceList> {
  const me = await ownCustomer(ctx, viewer);
  const own = ownInvoice(me.id);
  const where = q.cursor !== undefined ? and(own, lt(invoices.id, q.cursor)) : own;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: invoices.id,
        number: invoices.number,
        order_id: invoices.order_id,
        task_id: invoices.task_id,
        issued_at: invoices.issued_at,
        net_amount: invoices.net_amount,
        vat_amount: invoices.vat_amount,
        total_amount: invoices.total_amount,
      })
      .from(invoices)
      .leftJoin(rksvOrders, eq(rksvOrders.id, invoices.order_id))
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(q.limit + 1),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .leftJoin(rksvOrders, eq(rksvOrders.id, invoices.order_id))
      .where(own),
  ]);
  const page = rows.slice(0, q.limit);
  return {
    invoices: page.map(({ id: _id, ...r }) => ({
      ...r,
      issued_at: new Date(r.issued_at).toISOString(),
      pdf_path: invoicePdfPath(r.number),
    })),
    total: Number(count?.n ?? 0),
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

/** The PDF of one of the customer's invoices (the shop's file, written if missing); others 404. */
export async function ownInvoiceFile(
  ctx: ServiceCtx & Pick<AppContext, 'storage'>,
  viewer: Viewer,
  input: { invoiceRef: string },
): Promise<{ body: Readable; filename: string; size: number }> {
  const me = await ownCustomer(ctx, viewer);
  const [inv] = await ctx.db
    .select({ invoice: invoices })
    .from(invoices)
    .leftJoin(rksvOrders, eq(rksvOrders.id, invoices.order_id))
    .where(and(eq(invoices.number, input.invoiceRef), ownInvoice(me.id)));
  if (!inv) throw notFound(SHOP_ERR.invoiceNotFound);
  const key = await ensureInvoicePdf(ctx, inv.invoice);
  const stat = await ctx.storage.stat(key);
  const body = stat && (await ctx.storage.get(key));
  if (!stat || !body) throw notFound(SHOP_ERR.invoiceNotFound);
  return { body, filename: invoiceFileName(inv.invoice.number), size: stat.size };
}
