import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { invoices, products, rksvOrders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import {
  SHOP_ERR,
  invoiceFile,
  invoiceFileName,
  proformaFileName,
  proformaNumber,
  type InvoiceRow,
  type ShopDeps,
} from './common.js';
import { invoiceData } from './invoice-numbers.js';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.js';

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
