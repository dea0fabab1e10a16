import type { Call } from './define.js';
import { cashbookCalls } from './cashbook.js';
import { authCalls } from './auth.js';
import { operationsCalls, siteCalls } from './operations.js';
import { usersCalls } from './users.js';
import { notificationsCalls } from './notifications.js';
import { customersCalls } from './customers.js';
import { publicFormsCalls } from './public-forms.js';
import { ratingsCalls } from './ratings.js';
import { signageCalls } from './signage.js';
import { tasksCalls } from './tasks.js';

/** Every call of the portal, declared once per area (define.ts); the server serves them, the web fetches them. */
export * from './define.js';
export { cashbookCalls };
export { authCalls };
export { usersCalls };
export { metricsCalls, operationsCalls, siteCalls, siteInfoResponseSchema, type SiteInfo } from './operations.js';
export { notificationsCalls };
export { customersCalls };
export { publicFormsCalls, CHALLENGE_TTL_MINUTES } from './public-forms.js';
export { ratingsCalls };
export { signageCalls };
export { tasksCalls };

/** Every declared call (the route test and the sidebar test read them). One line per area. */
export const ALL_CALLS: readonly Call[] = [
  ...Object.values(cashbookCalls),
  ...Object.values(authCalls),
  ...Object.values(usersCalls),
  ...Object.values(operationsCalls),
  ...Object.values(siteCalls),
  ...Object.values(notificationsCalls),
  ...Object.values(customersCalls),
  ...Object.values(publicFormsCalls),
  ...Object.values(ratingsCalls),
  ...Object.values(signageCalls),
  ...Object.values(tasksCalls),
];
