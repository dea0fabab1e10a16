import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { invoices, rksvOrders } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import type { ServiceCtx } from '../../platform/service.js';

/** The shop's German messages: the shop area of the shared message catalogue. */
export { SHOP_ERR } from '@portal/shared';

/**
 * The shop's service context, built once with the routes: besides the database and config, the
 * storage (invoice PDFs), the payment provider and a logger for what only the operator should see.
 * The shop's calls are public: no viewer.
 */
export type ShopCtx = ServiceCtx &
  Pick<AppContext, 'storage'> & {
    payments: PaymentProvider;
    log: FastifyBaseLogger;
  };

export type OrderRow = typeof rksvOrders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type Mode = 'payment' | 'invoice';

export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
export const token = () => randomBytes(24).toString('base64url');

/** Where an invoice's PDF lies, relative to the uploads folder and absolute. */
export const invoiceKey = (number: string) => `invoices/${number}.pdf`;
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
