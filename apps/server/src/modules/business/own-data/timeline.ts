import {
  BUSINESS_TIMELINE_KINDS,
  type CustomerTimeline,
  type CustomerTimelineQuery,
  type TimelineKind,
} from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { timelineOf } from '../../customers/index.js';
import { ownCustomer } from '../own-customer.js';

/** Where an entry opens in the business dashboard (its own screens, never the staff ones). */
function businessLink(kind: TimelineKind, ref: number | null): string | null {
  switch (kind) {
    case 'task':
      return ref === null ? null : `/business-dashboard/support/${ref}`;
    case 'rksv_order':
      return ref === null ? null : `/business-dashboard/orders/${ref}`;
    case 'rksv_card':
      return '/business-dashboard/cards';
    case 'invoice':
      return '/business-dashboard/invoices';
    case 'signage_device':
      return '/business-dashboard/screens';
    case 'document':
      return '/business-dashboard/documents';
    default:
      return null;
  }
}

/**
 * The customer's own story on the overview (issue 34): the staff timeline's sources, only the kinds a
 * customer may see (BUSINESS_TIMELINE_KINDS), without staff names; only their own record (ownCustomer).
 */
export async function ownTimeline(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CustomerTimelineQuery,
): Promise<CustomerTimeline> {
  const me = await ownCustomer(ctx, viewer);
  return timelineOf(ctx, me, { ...input, allowed: BUSINESS_TIMELINE_KINDS, linkOf: businessLink, withActor: false });
}
