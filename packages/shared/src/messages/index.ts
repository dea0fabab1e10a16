import { AUTH_MSG } from './auth.js';
import { COMMON_MSG } from './common.js';
import { NOTIFICATIONS_MSG } from './notifications.js';
import { PUBLIC_FORM_MSG, PUBLIC_FORM_SUCCESS } from './public-forms.js';
import { SHOP_MESSAGES } from './shop.js';
import { TASKS_MSG } from './tasks.js';
import { USERS_MSG } from './users.js';
import { RKSV_ORDERS_MSG } from './rksv-orders.js';
import { STATS_MSG } from './stats.js';
import { RATINGS_MSG } from './ratings.js';
import { SIGNAGE_MSG } from './signage.js';
import { SYNC_MSG } from './sync.js';
import { INSOLVENCY_MSG } from './insolvency.js';
import { CASHBOOK_MSG } from './cashbook.js';
import { BUSINESS_MSG } from './business.js';
import { BUSINESS_RECORDS_MSG } from './business-records.js';

export { AUTH_MSG, COMMON_MSG, NOTIFICATIONS_MSG, TASKS_MSG, USERS_MSG };
export { BUSINESS_RECORDS_MSG };
export { RKSV_ORDERS_MSG, STATS_MSG, RATINGS_MSG, SIGNAGE_MSG, SYNC_MSG, INSOLVENCY_MSG, CASHBOOK_MSG, BUSINESS_MSG };
export { SHOP_ERR, SHOP_MESSAGES } from './shop.js';

/**
 * The message catalogue: per area, key → German text. The server answers `{message, code}` with
 * the German text (the spec's contract) and its code `area.key`; the web translates by the code
 * (locales: `validation.<area>.<key>`) and falls back to the German text. A text several areas use
 * lives once, in `common`; an area may refer to it under its own key, the code is common's.
 */
export const MESSAGE_CATALOGUE = {
  common: COMMON_MSG,
  auth: AUTH_MSG,
  users: USERS_MSG,
  tasks: TASKS_MSG,
  notifications: NOTIFICATIONS_MSG,
  publicForms: { ...PUBLIC_FORM_MSG, sent: PUBLIC_FORM_SUCCESS },
  shop: SHOP_MESSAGES,
  rksvOrders: RKSV_ORDERS_MSG,
  stats: STATS_MSG,
  ratings: RATINGS_MSG,
  signage: SIGNAGE_MSG,
  sync: SYNC_MSG,
  insolvency: INSOLVENCY_MSG,
  cashbook: CASHBOOK_MSG,
  business: BUSINESS_MSG,
  businessRecords: BUSINESS_RECORDS_MSG,
} as const;

export type MessageArea = keyof typeof MESSAGE_CATALOGUE;

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    const code = `${prefix}.${key}`;
    if (typeof value === 'string') out.set(code, value);
    else flatten(value, code, out);
  }
}

/** Every message as code → German text, in catalogue order (common first). */
export const MESSAGES: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  for (const [area, tree] of Object.entries(MESSAGE_CATALOGUE)) flatten(tree as Tree, area, out);
  return out;
})();

const CODE_OF = new Map<string, string>();
for (const [code, text] of MESSAGES) if (!CODE_OF.has(text)) CODE_OF.set(text, code);

/** The code of a German catalogue text (the first area holding it, so common's); undefined if none. */
export function messageCode(german: string): string | undefined {
  return CODE_OF.get(german);
}
export * from './notification-texts.js';
