import { isMessage, type Message } from './define.js';
import { AUTH_MSG } from './auth.js';
import { COMMON_MSG } from './common.js';
import { NOTIFICATIONS_MSG } from './notifications.js';
import { PUBLIC_FORM_MSG, PUBLIC_FORM_REPLY, PUBLIC_FORM_SUCCESS } from './public-forms.js';
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
import { TASK_BILLING_MSG } from './task-billing.js';
import { SERVICE_LEVELS_MSG } from './service-levels.js';
import { RKSV_CARDS_MSG } from './rksv-cards.js';
import { SIGNAGE_PLAYS_MSG } from './signage-plays.js';
import { GDPR_MSG } from './gdpr.js';

export { AUTH_MSG, COMMON_MSG, NOTIFICATIONS_MSG, TASKS_MSG, USERS_MSG };
export { BUSINESS_RECORDS_MSG, TASK_BILLING_MSG, SERVICE_LEVELS_MSG, RKSV_CARDS_MSG };
export { SIGNAGE_PLAYS_MSG, playReportTexts, type PlayReportTexts } from './signage-plays.js';
export { RKSV_ORDERS_MSG, STATS_MSG, RATINGS_MSG, SIGNAGE_MSG, SYNC_MSG, INSOLVENCY_MSG, CASHBOOK_MSG, BUSINESS_MSG };
export { SHOP_ERR, SHOP_MESSAGES } from './shop.js';
export * from './gdpr.js';

/**
 * The message catalogue: per area, key → entry `{code, de}` (define.ts). The server answers
 * `{message, code}` with the German text (the spec's contract) and the entry's code `area.key`; the
 * web translates by the code (locales: `validation.<area>.<key>`). A text several areas use lives
 * once, in `common`; an area may take it over under its own key, the entry (and its code) stays common's.
 */
export const MESSAGE_CATALOGUE = {
  common: COMMON_MSG,
  auth: AUTH_MSG,
  users: USERS_MSG,
  tasks: TASKS_MSG,
  notifications: NOTIFICATIONS_MSG,
  publicForms: { ...PUBLIC_FORM_MSG, sent: PUBLIC_FORM_SUCCESS, reply: PUBLIC_FORM_REPLY },
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
  taskBilling: TASK_BILLING_MSG,
  serviceLevels: SERVICE_LEVELS_MSG,
  rksvCards: RKSV_CARDS_MSG,
  signagePlays: SIGNAGE_PLAYS_MSG,
  gdpr: GDPR_MSG,
} as const;

export type MessageArea = keyof typeof MESSAGE_CATALOGUE;

type Tree = { readonly [key: string]: Message | Tree };

function collect(tree: Tree, out: Map<string, string>): void {
  for (const value of Object.values(tree)) {
    if (isMessage(value)) {
      if (!out.has(value.code)) out.set(value.code, value.de);
    } else collect(value, out);
  }
}

/**
 * Every message as code → German text, in catalogue order (common first): what a schema's issue (its
 * message is the entry's code) is answered with. An entry another area took over appears once, under its own code.
 */
export const MESSAGES: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  collect(MESSAGE_CATALOGUE as unknown as Tree, out);
  return out;
})();

/** The entry of a code (a schema issue's message), or undefined for any other text. */
export function messageOfCode(code: string): Message | undefined {
  const de = MESSAGES.get(code);
  return de === undefined ? undefined : { code, de };
}
export * from './notification-texts.js';
export { defineMessages, isMessage, said, type Message } from './define.js';
