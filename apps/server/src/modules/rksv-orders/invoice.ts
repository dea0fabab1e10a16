import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RKSV_ORDERS_MSG as MSG } from '@portal/shared';
import { invoices, rksvOrders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { fileReply } from '../../platform/serve.js';
import type { AppContext } from '../../platform/context.js';
import { ensureInvoicePdf, invoiceFileName } from '../shop/index.js';
import { maySeeOrder } from './access.js';

/**
 * The invoice of an order opens in a new tab, where no bearer token travels: the back office hands out
 * a signed link that lives five minutes (HMAC over the invoice number and the expiry). The key is the
 * server's proof-of-work key (ALTCHA_HMAC_KEY: shared by all processes when set), domain-separated.
 * The buyer's own link (/web/rksv-invoice/<token>) is not used here: it never expires.
 */
export const INVOICE_LINK_SECONDS = 300;
export const invoiceFilePath = (ref: string) => `/api/rksv-invoice-file/${encodeURIComponent(ref)}`;

const sign = (ctx: ServiceCtx, ref: string, exp: number) =>
  createHmac('sha256', ctx.config.publicForms.altchaHmacKey).update(`rksv-invoice\n${ref}\n${exp}`).digest('base64url');

/** `{url}` of the invoice with that number, for a viewer who may see its order; 404 otherwise. */
export async function invoiceLink(ctx: ServiceCtx, viewer: Viewer, input: { invoiceRef: string }) {
  const [row] = await ctx.db
    .select({ agent_id: rksvOrders.agent_id })
    .from(rksvOrders)
    .innerJoin(invoices, eq(invoices.order_id, rksvOrders.id))
    .where(and(eq(rksvOrders.stripe_inv_id, input.invoiceRef), eq(invoices.number, input.invoiceRef)));
  if (!row || !maySeeOrder(viewer, row)) throw notFound(MSG.invoiceNotFound);
  const exp = Math.floor(now(ctx).getTime() / 1000) + INVOICE_LINK_SECONDS;
  return { url: `${invoiceFilePath(input.invoiceRef)}?exp=${exp}&sig=${sign(ctx, input.invoiceRef, exp)}` };
}

/** The PDF behind a signed link; an expired or forged link answers 404 like an unknown invoice. */
export async function signedInvoiceFile(
  ctx: ServiceCtx & Pick<AppContext, 'storage'>,
  input: { invoiceRef: string; exp: number; sig: string },
) {
  const want = Buffer.from(sign(ctx, input.invoiceRef, input.exp));
  const got = Buffer.from(input.sig);
  const valid = got.length === want.length && timingSafeEqual(got, want) && input.exp * 1000 >= now(ctx).getTime();
  if (!valid) throw notFound(MSG.invoiceLinkInvalid);
  const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.number, input.invoiceRef));
  if (!inv) throw notFound(MSG.invoiceNotFound);
  const key = await ensureInvoicePdf(ctx, inv);
  const stat = await ctx.storage.stat(key);
  const body = stat && (await ctx.storage.get(key));
  if (!stat || !body) throw notFound(MSG.invoiceNotFound);
  return fileReply(body, 'application/pdf', {
    name: invoiceFileName(inv.number),
    inline: true,
    headers: {
      'content-length': String(stat.size),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}
