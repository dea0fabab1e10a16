// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { invoiceFileName, invoiceKey, rowsOf, token as invoiceAccessToken, type InvoiceRow } from './common.js';
export { ensureInvoicePdf } from './invoice-files.js';
export { issueInvoice, takeInvoiceNumber } from './invoice-numbers.js';
export type { InvoiceData } from './invoice-pdf.js';
