import { asc, count, eq } from 'drizzle-orm';
import { BUSINESS_PAGE_MAX, daysRemaining, effectiveStatus, type BusinessDevice } from '@portal/shared';
import type { DbOrTx } from '../../../db/client.js';
import { signageDevices } from '../../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import { flushHeartbeats } from '../../signage/index.js';
import { ownCustomer } from '../own-customer.js';

const d = signageDevices;

/**
 * The signage screens assigned to the customer's record (index signage_devices_customer_idx), with the
 * shared rules' effective status and days remaining. A customer has a handful of screens: one capped page.
 */
export async function listOwnDevices(ctx: ServiceCtx, viewer: Viewer): Promise<{ devices: BusinessDevice[] }> {
  const at = now(ctx);
  const me = await ownCustomer(ctx, viewer);
  await flushHeartbeats(ctx.db);
  const rows = await ctx.db
    .select({
      id: d.id,
      device_name: d.device_name,
      device_type: d.device_type,
      location: d.location,
      status: d.status,
      license_until: d.license_until,
      last_seen: d.last_seen,
    })
    .from(d)
    .where(eq(d.customer_id, me.id))
    .orderBy(asc(d.id))
    .limit(BUSINESS_PAGE_MAX);
  return {
    devices: rows.map(({ status, ...r }) => ({
      ...r,
      effective_status: effectiveStatus({ status, license_until: r.license_until }, at),
      days_remaining: daysRemaining(r.license_until, at),
      last_seen: r.last_seen ? r.last_seen.toISOString() : null,
    })),
  };
}

export async function countOwnDevices(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(d).where(eq(d.customer_id, customerId));
  return Number(row?.n ?? 0);
}
