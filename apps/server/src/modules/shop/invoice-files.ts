import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { invoices, products, rksvOrders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import {
  SHOP_ERR,
  invoiceFileName,
  invoiceKey,
  proformaFileName,
  proformaNumber,
  type InvoiceRow,
  type ShopCtx,
} from './common.js';
import { invoiceData } from './invoice-numbers.js';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.js';

/**
 * Stores the invoice's PDF if the storage does not hold it yet; rendered from the data frozen at
 * issue, so a second render (another process, a retry) writes the same document. Returns its key.
 */
export async function ensureInvoicePdf(
  ctx: Pick<ShopCtx, 'db' | 'config' | 'storage'>,
  invoice: InvoiceRow,
): Promise<string> {
  const key = invoiceKey(invoice.number);
  if (!(await ctx.storage.exists(key))) {
    const pdf = await renderInvoicePdf(invoice.data as InvoiceData);
    await ctx.storage.put(key, pdf, { contentType: 'application/pdf' });
  }
  if (invoice.pdf_path !== key) {
    await ctx.db.update(invoices).set({ pdf_path: key }).where(eq(invoices.id, invoice.id));
  }
  return key;
}

/** At start: PDFs of invoices committed but not written (the process stopped in between). */
export async function writeMissingInvoicePdfs(ctx: Pick<ShopCtx, 'db' | 'config' | 'storage' | 'log'>): Promise<void> {
  const missing = await ctx.db.select().from(invoices).where(isNull(invoices.pdf_path)).limit(500);
  for (const inv of missing) {
    try {
      await ensureInvoicePdf(ctx, inv);
    } catch (err) {
      ctx.log.error({ err, invoice: inv.number }, 'invoice PDF could not be written');
    }
  }
}

/** The invoice behind a download token, its PDF written if needed, as a stream from the storage. */
export async function invoiceDownload(
  ctx: Pick<ShopCtx, 'db' | 'config' | 'storage'>,
  input: { accessToken: string },
): Promise<{ body: Readable; filename: string; size: number }> {
  const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.access_token, input.accessToken));
  if (!inv) throw notFound(SHOP_ERR.invoiceNotFound);
  const key = await ensureInvoicePdf(ctx, inv);
  const stat = await ctx.storage.stat(key);
  const body = stat && (await ctx.storage.get(key));
  if (!stat || !body) throw notFound(SHOP_ERR.invoiceNotFound);
  return { body, filename: invoiceFileName(inv.number), size: stat.size };
}

/**
 * The pro-forma of an order on invoice, rendered now from the order (nothing stored, no number
 * taken). Null for an unknown reference or an order in payment mode.
 */
export async function proformaDownload(
  ctx: Pick<ShopCtx, 'db' | 'config'>,
  input: { returnRef: string },
): Promise<{ pdf: Buffer; filename: string } | null> {
  const [order] = await ctx.db.select().from(rksvOrders).where(eq(rksvOrders.return_ref, input.returnRef));
  if (!order || order.mode !== 'invoice') return null;
  const [shipping] = await ctx.db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.kind, 'shipping'), eq(products.active, true)));
  const data = invoiceData(ctx.config, order, shipping?.name ?? null, proformaNumber(order.id), order.saved_at, null);
  const pdf = await renderInvoicePdf({ ...data, proforma: { paymentUrl: order.session_url } });
  return { pdf, filename: proformaFileName(order.id) };
}
