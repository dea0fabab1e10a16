import type { BusinessOverview } from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { ownCustomer } from '../own-customer.js';
import { listNews } from '../records/news.js';
import { countOwnDevices } from './devices.js';
import { latestOwnOrders, ownOrderCounts } from './orders.js';
import { ownSupportSummary } from './support.js';

const LATEST = 3;

/** The dashboard's first page: who the customer is, what is open, the newest items. */
export async function ownOverview(ctx: ServiceCtx, viewer: Viewer): Promise<BusinessOverview> {
  const me = await ownCustomer(ctx, viewer);
  const [support, orderCounts, orders, devices, news] = await Promise.all([
    ownSupportSummary(ctx, me.kundennummer, LATEST),
    ownOrderCounts(ctx.db, me.id),
    latestOwnOrders(ctx, me.id, LATEST),
    countOwnDevices(ctx.db, me.id),
    // The news in the reader's language with their read marks: the records half's own rule.
    listNews(ctx, viewer, { limit: LATEST, offset: 0 }),
  ]);
  return {
    customer: { kundennummer: me.kundennummer, firma: me.firma, kontaktperson: me.kontaktperson },
    counts: { openTasks: support.openTasks, ...orderCounts, devices, unreadNews: news.unread },
    latest: {
      tasks: support.latest,
      orders,
      news: news.items.map((n) => ({ id: n.id, title: n.title, published_at: n.published_from, read: n.read })),
    },
  };
}
