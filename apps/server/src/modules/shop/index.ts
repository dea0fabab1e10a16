// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { invoiceFileName, rowsOf } from './common.js';
export { ensureInvoicePdf } from './invoice-files.js';
export { issueInvoice } from './invoice-numbers.js';
