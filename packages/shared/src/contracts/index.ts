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
import { statsCalls } from './stats.js';
import { syncCalls } from './sync.js';
import { insolvencyCalls } from './insolvency.js';
import { rksvOrdersCalls } from './rksv-orders.js';
import { shopCalls } from './shop.js';
import { tasksCalls } from './tasks.js';
import { taskBillingCalls } from './task-billing.js';
import { businessCalls } from './business.js';
import { businessRecordsCalls, customerDocumentCalls, newsCalls } from './business-records.js';
import { serviceLevelsCalls } from './service-levels.js';
import { rksvCardsCalls } from './rksv-cards.js';
import { rksvCampaignsCalls } from './rksv-campaigns.js';
import { signagePlayCalls } from './signage-plays.js';
import { auditCalls } from './audit.js';

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
export { statsCalls };
export { syncCalls };
export { insolvencyCalls };
export { rksvOrdersCalls };
export { shopCalls };
export { tasksCalls };
export { taskBillingCalls };
export { businessCalls };
export { businessRecordsCalls, customerDocumentCalls, newsCalls };
export { serviceLevelsCalls };
export { rksvCardsCalls };
export { rksvCampaignsCalls };
export { signagePlayCalls };
export { auditCalls };

/** Every declared call (the route test and the sidebar test read them). One line per area. */
export const ALL_CALLS: readonly Call[] = [
  ...Object.values(cashbookCalls),
  ...Object.values(auditCalls),
  ...Object.values(authCalls),
  ...Object.values(usersCalls),
  ...Object.values(operationsCalls),
  ...Object.values(siteCalls),
  ...Object.values(notificationsCalls),
  ...Object.values(customersCalls),
  ...Object.values(publicFormsCalls),
  ...Object.values(ratingsCalls),
  ...Object.values(signageCalls),
  ...Object.values(statsCalls),
  ...Object.values(syncCalls),
  ...Object.values(insolvencyCalls),
  ...Object.values(rksvOrdersCalls),
  ...Object.values(rksvCardsCalls),
  ...Object.values(rksvCampaignsCalls),
  ...Object.values(shopCalls),
  ...Object.values(tasksCalls),
  ...Object.values(taskBillingCalls),
  ...Object.values(businessCalls),
  ...Object.values(businessRecordsCalls),
  ...Object.values(customerDocumentCalls),
  ...Object.values(newsCalls),
  ...Object.values(serviceLevelsCalls),
  ...Object.values(signagePlayCalls),
];
