// AuthUser is the stored user's type (lib/auth-storage): imported from the shared package so the e2e
// test that holds every entry against the server's access (e2e/nav-access.test.ts) reads this table.
import type { AuthUser, Flag } from '@portal/shared';

/**
 * The agent sidebar of the spec as data. Each entry's `flags` are all required (a group's flag plus
 * the entry's own); the same table gives the route guards, so the sidebar and the URL never disagree.
 */
export interface NavEntry {
  path: string;
  /** i18n key under nav. */
  label: string;
  flags?: Flag[];
  adminOnly?: boolean;
  highlight?: boolean;
  /** Indented under the previous entry (the RKSV orders sub-group, the /offen, /erstellt pages). */
  level?: 1 | 2;
  /**
   * The declared call (packages/shared/src/contracts) whose access this entry mirrors: its screen's
   * first call. `flags` and `adminOnly` must say what that call's access says (test/nav-calls.test.ts);
   * an entry without one opens a screen that calls nothing restricted (a placeholder, the knowledge base).
   */
  call?: string;
}

export interface NavGroup {
  /** i18n key under nav.groups; no label: the entries stand alone. */
  label?: string;
  entries: NavEntry[];
}

const sub = (path: string, label: string, flags: Flag[], call?: string): NavEntry => ({
  path,
  label,
  flags,
  level: 2,
  call,
});

export const NAV: NavGroup[] = [
  {
    label: 'tasks',
    entries: [
      { path: 'tasksoverview', label: 'tasksoverview', flags: ['tasks'], call: 'getTasksOverviewAgent' },
      { path: 'tasksstatistics', label: 'tasksstatistics', flags: ['tasks'], call: 'getTaskStatsAgent' },
      { path: 'tasks', label: 'tasks', flags: ['tasks'], call: 'getTasksFromAgent' },
      { path: 'create-task', label: 'createTask', flags: ['tasks'], call: 'createTask' },
      { path: 'sync-customers', label: 'syncCustomers', flags: ['tasks'], call: 'listSyncRuns' },
      { path: 'insolvency', label: 'insolvency', flags: ['tasks'], call: 'getInsolvencies' },
    ],
  },
  {
    entries: [
      { path: 'conversations', label: 'conversations' },
      { path: 'doc-base', label: 'docBase' },
    ],
  },
  {
    label: 'cashbook',
    entries: [
      { path: 'cashbook/overview', label: 'cashbookOverview', flags: ['cashbook'], call: 'getCashbookOverview' },
      {
        path: 'cashbook/transactions',
        label: 'cashbookTransactions',
        flags: ['cashbook'],
        call: 'listCashbookTransactions',
      },
      { path: 'cashbook/closing', label: 'cashbookClosing', flags: ['cashbook'], call: 'listCashbookMonthlyClosings' },
      { path: 'cashbook/categories', label: 'cashbookCategories', flags: ['cashbook'], call: 'listCashbookCategories' },
      { path: 'cashbook/reports', label: 'cashbookReports', flags: ['cashbook'], call: 'verifyCashbook' },
      { path: 'cashbook/settings', label: 'cashbookSettings', flags: ['cashbook'], call: 'getCashbookSettings' },
    ],
  },
  {
    label: 'internal',
    entries: [
      { path: 'rma', label: 'rma', flags: ['rmas'] },
      { path: 'goods-receipt', label: 'goodsReceipt', flags: ['acceptances'] },
      { path: 'work-confirmation', label: 'workConfirmation', flags: ['acceptances'] },
      { path: 'reorder-goods', label: 'reorderGoods', flags: ['reorder_goods'] },
    ],
  },
  {
    label: 'rksv',
    entries: [
      { path: 'rk', label: 'rk', flags: ['rksv'], call: 'getRksvStats' },
      { path: 'rksvorders', label: 'rksvorders', flags: ['rksv', 'rksv_orders'], level: 1, call: 'listRksvOrders' },
      sub('rksvorders/offen', 'rksvOpen', ['rksv', 'rksv_orders'], 'listRksvOrders'),
      sub('rksvorders/erstellt', 'rksvCreated', ['rksv', 'rksv_orders'], 'listRksvOrders'),
      sub('rksvorders/zustellung', 'rksvDelivery', ['rksv', 'rksv_orders'], 'listRksvOrders'),
      sub('rksvorders/abholung', 'rksvPickup', ['rksv', 'rksv_orders'], 'listRksvOrders'),
      sub('rksvorders/abgeschlossen', 'rksvDone', ['rksv', 'rksv_orders'], 'listRksvOrders'),
      { path: 'rksvactivations', label: 'rksvactivations', flags: ['rksv'], call: 'listRksvDeadlines' },
      { path: 'rksvexternal', label: 'rksvexternal', flags: ['rksv'] },
      { path: 'rksvexports', label: 'rksvexports', flags: ['rksv'], call: 'listRksvCampaign' },
    ],
  },
  {
    label: 'osms',
    entries: [
      { path: 'osmsoverview', label: 'osmsoverview', flags: ['osms_control'] },
      { path: 'osms/orders', label: 'osmsOrders', flags: ['osms_control'] },
      sub('osms/orders/offen', 'ordersOpen', ['osms_control']),
      sub('osms/orders/erstellt', 'ordersCreated', ['osms_control']),
    ],
  },
  {
    label: 'stock',
    entries: [
      { path: 'stock/overview', label: 'stockOverview', flags: ['stock'] },
      { path: 'stock/orders', label: 'stockOrders', flags: ['stock'] },
      sub('stock/orders/offen', 'ordersOpen', ['stock']),
      sub('stock/orders/erstellt', 'ordersCreated', ['stock']),
    ],
  },
  {
    label: 'ds',
    entries: [
      { path: 'ds/overview', label: 'dsOverview', flags: ['digital_signage'], call: 'getSignageOverview' },
      { path: 'ds/customers', label: 'dsCustomers', flags: ['digital_signage'], call: 'listSignageCustomers' },
      { path: 'ds/devices', label: 'dsDevices', flags: ['digital_signage'], call: 'listSignageDevices' },
      { path: 'ds/schedules', label: 'dsSchedules', flags: ['digital_signage'], call: 'listSignageSchedules' },
      { path: 'ds/content', label: 'dsContent', flags: ['digital_signage'], call: 'listSignageFiles' },
      { path: 'ds/status', label: 'dsStatus', flags: ['digital_signage'], call: 'getSignageStatus' },
    ],
  },
  {
    entries: [
      { path: 'create-agent', label: 'createAgent', adminOnly: true, highlight: true, call: 'createUser' },
      { path: 'news', label: 'news', adminOnly: true, call: 'listNews' },
      { path: 'service-levels', label: 'serviceLevels', adminOnly: true, call: 'updateServiceCalendar' },
      { path: 'audit', label: 'audit', adminOnly: true, call: 'listAuditEntries' },
      { path: 'knowledge-base', label: 'knowledgeBase' },
    ],
  },
];

export function mayOpen(user: Pick<AuthUser, 'role'> & Partial<Record<Flag, boolean>>, e: NavEntry): boolean {
  if (e.adminOnly && user.role !== 'admin') return false;
  return (e.flags ?? []).every((f) => user[f] === true);
}

/** The groups the user may see, each with its allowed entries; empty groups are dropped. */
export function visibleNav(user: AuthUser): NavGroup[] {
  return NAV.map((g) => ({ ...g, entries: g.entries.filter((e) => mayOpen(user, e)) })).filter(
    (g) => g.entries.length > 0,
  );
}

export const NAV_ENTRIES: NavEntry[] = NAV.flatMap((g) => g.entries);
