import type { Call } from './define.js';
import { cashbookCalls } from './cashbook.js';
import { rksvOrdersCalls } from './rksv-orders.js';

/** Every call of the portal, declared once per area (define.ts); the server serves them, the web fetches them. */
export * from './define.js';
export { cashbookCalls };
export { rksvOrdersCalls };

/** Every declared call (the route test and the sidebar test read them). One line per area. */
export const ALL_CALLS: readonly Call[] = [...Object.values(cashbookCalls), ...Object.values(rksvOrdersCalls)];
