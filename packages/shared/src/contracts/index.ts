import type { Call } from './define.js';
import { cashbookCalls } from './cashbook.js';
import { businessCalls } from './business.js';
import { businessRecordsCalls, customerDocumentCalls, newsCalls } from './business-records.js';

/** Every call of the portal, declared once per area (define.ts); the server serves them, the web fetches them. */
export * from './define.js';
export { cashbookCalls };
export { businessCalls };
export { businessRecordsCalls, customerDocumentCalls, newsCalls };

/** Every declared call (the route test and the sidebar test read them). One line per area. */
export const ALL_CALLS: readonly Call[] = [
  ...Object.values(cashbookCalls),
  ...Object.values(businessCalls),
  ...Object.values(businessRecordsCalls),
  ...Object.values(customerDocumentCalls),
  ...Object.values(newsCalls),
];
