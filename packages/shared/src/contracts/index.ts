import type { Call } from './define.js';
import { cashbookCalls } from './cashbook.js';
import { statsCalls } from './stats.js';
import { syncCalls } from './sync.js';
import { insolvencyCalls } from './insolvency.js';

/** Every call of the portal, declared once per area (define.ts); the server serves them, the web fetches them. */
export * from './define.js';
export { cashbookCalls };
export { statsCalls };
export { syncCalls };
export { insolvencyCalls };

/** Every declared call (the route test and the sidebar test read them). One line per area. */
export const ALL_CALLS: readonly Call[] = [...Object.values(cashbookCalls), ...Object.values(statsCalls)];
