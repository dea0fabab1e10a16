import { defineMessages } from './define.js';
/**
 * Messages of the business dashboard: key → German text. (Unknown orders and invoices answer with
 * the shop's texts.)
 */
export const BUSINESS_MSG = defineMessages('business', {
  supportNotFound: 'Anfrage nicht gefunden.',
  supportCreated: 'Ihre Anfrage wurde gesendet. Wir melden uns bei Ihnen.',
});
