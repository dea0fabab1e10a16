import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DEVICE_OFFLINE_ALERT_MS, formatDateTime, viennaDay } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { customers, roles, signageDevices, users } from '../../db/schema/index.js';
import { now as nowOf } from '../../platform/service.js';
import { notify } from '../notifications/index.js';
import { isLongOffline } from './health.js';
import { flushHeartbeats } from './heartbeats.js';
import { playlistsNow } from './playlist-content.js';

/**
 * The scheduled check of silent screens (issue 33), `signage-offline`: an active screen that has not
 * reported for over 10 minutes while it has something to play now (the playlist rule: its own content
 * or its customer's schedules, in their windows) is told to the signage staff, once per outage. The
 * outage is marked on the device (`offline_notified_at`, set in the same statement that picks it, so
 * a run twice or on two processes tells once) and ends with the device's next report (player.ts). A
 * screen silent outside its windows is not an outage yet: it is told when a window opens.
 */

/** Devices read per batch (the partial index `signage_devices_offline_idx` in its order). */
const BATCH = 500;

type JobCtx = { db: Db; clock?: () => Date };

export async function notifyOfflineDevices(ctx: JobCtx): Promise<number> {
  const at = nowOf(ctx);
  const cutoff = new Date(at.getTime() - DEVICE_OFFLINE_ALERT_MS);
  const d = signageDevices;
  let staff: SignageStaff[] | null = null;
  let cursor: { seen: Date; id: number } | null = null;
  let told = 0;
  await flushHeartbeats(ctx.db);
  for (;;) {
    const batch: (typeof d.$inferSelect)[] = await ctx.db
      .select()
      .from(d)
      .where(
        and(
          eq(d.status, 'active'),
          isNull(d.offline_notified_at),
          lt(d.last_seen, cutoff),
          // Not expired (effectiveStatus): an expired screen is silent on purpose.
          or(isNull(d.license_until), sql`${d.license_until} > ${viennaDay(at)}::date`),
          cursor
            ? sql`(${d.last_seen}, ${d.id}) > (${cursor.seen.toISOString()}::timestamptz, ${cursor.id}::int)`
            : undefined,
        ),
      )
      .orderBy(asc(d.last_seen), asc(d.id))
      .limit(BATCH);
    if (batch.length === 0) return told;
    const silent = batch.filter((dev) => isLongOffline(dev, at));
    const playlists = await playlistsNow(ctx, silent, at);
    const due = silent.filter((dev) => (playlists.get(dev.id)?.items ?? 0) > 0);
    if (due.length) {
      staff ??= await signageStaff(ctx.db);
      told += await tell(ctx.db, due, staff, at, cutoff);
    }
    const last = batch[batch.length - 1]!;
    cursor = { seen: last.last_seen!, id: last.id };
    if (batch.length < BATCH) return told;
  }
}

interface SignageStaff {
  id: number;
  admin: boolean;
  country_id: number | null;
}

/** Active staff with the signage flag (the status board's preset: flags gate admins too). */
async function signageStaff(db: Db): Promise<SignageStaff[]> {
  return db
    .select({ id: users.id, admin: sql<boolean>`${roles.role_name} = 'admin'`, country_id: users.country_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(users.active, true),
        eq(users.digital_signage, true),
        or(eq(roles.role_name, 'admin'), eq(roles.role_name, 'agent')),
      ),
    );
}

/**
 * Marks the outages and tells them, in one transaction. The mark is taken only while the device is
 * still silent and untold (a report meanwhile, or another process, wins): only what it marked is told.
 * The staff of the device's customer's country and the admins hear of it; a device without a customer
 * belongs to no country, so the admins alone.
 */
async function tell(
  db: Db,
  due: (typeof signageDevices.$inferSelect)[],
  staff: SignageStaff[],
  at: Date,
  cutoff: Date,
): Promise<number> {
  const d = signageDevices;
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(d)
      .set({ offline_notified_at: at })
      .where(
        and(
          inArray(
            d.id,
            due.map((x) => x.id),
          ),
          isNull(d.offline_notified_at),
          lt(d.last_seen, cutoff),
        ),
      )
      .returning({ id: d.id });
    if (marked.length === 0) return 0;
    const devices = await tx
      .select({
        id: d.id,
        device_name: d.device_name,
        last_seen: d.last_seen,
        customer_name: customers.firma,
        country_id: customers.country_id,
      })
      .from(d)
      .leftJoin(customers, eq(customers.id, d.customer_id))
      .where(
        inArray(
          d.id,
          marked.map((m) => m.id),
        ),
      );
    for (const dev of devices) {
      await notify(tx, {
        recipients: staff
          .filter((s) => s.admin || (dev.country_id !== null && s.country_id === dev.country_id))
          .map((s) => s.id),
        actorId: null,
        type: 'device_offline',
        params: {
          kind: 'deviceOffline',
          id: dev.id,
          titel: [dev.device_name, dev.customer_name].filter(Boolean).join(' · ') || `#${dev.id}`,
          comment: formatDateTime(dev.last_seen),
        },
        link: `/agent-dashboard/ds/status`,
        priority: 'high',
      });
    }
    return devices.length;
  });
}
