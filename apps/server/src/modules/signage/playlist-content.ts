import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  effectiveStatus,
  narrowWindow,
  playingAt,
  playsNow,
  type EffectiveStatus,
  type PlaylistItem,
} from '@portal/shared';
import {
  signageDeviceContent,
  signageDevices,
  signageFiles,
  signageScheduleContent,
  signageSchedules,
} from '../../db/schema/index.js';
import type { ServiceCtx } from '../../platform/service.js';
import { deviceMediaUrl } from './common.js';

/**
 * What a device plays, computed for one device (its playlist call) or for many at once (the version a
 * change pushes to every screen of a customer): the same code, so the pushed version is the one the
 * playlist call then answers. Three queries whatever the number of devices.
 */

export type DeviceRecord = typeof signageDevices.$inferSelect;

export interface Candidate extends PlaylistItem {
  file_name: string;
  stored_name: string;
  schedule?: { start_time: string; end_time: string; days_of_week: string; name: string };
}

/** Items a device may hold at most from each source (a safety bound; real lists are short). */
const MAX_ITEMS = 1000;

/** Everything each device could ever play (own content, active schedules of its customer), in order. */
export async function candidatesOf(
  ctx: Pick<ServiceCtx, 'db'>,
  devices: readonly Pick<DeviceRecord, 'id' | 'customer_id'>[],
): Promise<Map<number, Candidate[]>> {
  const out = new Map<number, Candidate[]>(devices.map((d) => [d.id, []]));
  if (devices.length === 0) return out;
  const customerIds = [...new Set(devices.flatMap((d) => (d.customer_id ? [d.customer_id] : [])))];
  const c = signageDeviceContent;
  const own = await ctx.db
    .select({
      device_id: c.device_id,
      file_id: c.file_id,
      file_type: signageFiles.file_type,
      file_name: signageFiles.file_name,
      stored_name: signageFiles.stored_name,
      duration: c.duration,
      start_time: c.start_time,
      end_time: c.end_time,
      days_of_week: c.days_of_week,
      display_order: c.display_order,
      place: sql<number>`row_number() over (partition by ${c.device_id} order by ${c.display_order}, ${c.id})`,
    })
    .from(c)
    .innerJoin(signageFiles, eq(signageFiles.id, c.file_id))
    .where(
      inArray(
        c.device_id,
        devices.map((d) => d.id),
      ),
    )
    .orderBy(c.device_id, c.display_order, c.id);
  const sc = signageScheduleContent;
  const scheduled = customerIds.length
    ? await ctx.db
        .select({
          customer_id: signageSchedules.customer_id,
          file_id: sc.file_id,
          file_type: signageFiles.file_type,
          file_name: signageFiles.file_name,
          stored_name: signageFiles.stored_name,
          duration: sc.duration,
          start_time: sc.start_time,
          end_time: sc.end_time,
          days_of_week: sc.days_of_week,
          display_order: sc.display_order,
          s_start: signageSchedules.start_time,
          s_end: signageSchedules.end_time,
          s_days: signageSchedules.days_of_week,
          s_name: signageSchedules.schedule_name,
          place: sql<number>`row_number() over (partition by ${signageSchedules.customer_id} order by ${sc.display_order}, ${signageSchedules.id}, ${sc.id})`,
        })
        .from(sc)
        .innerJoin(signageSchedules, eq(signageSchedules.id, sc.schedule_id))
        .innerJoin(signageFiles, eq(signageFiles.id, sc.file_id))
        .where(and(inArray(signageSchedules.customer_id, customerIds), eq(signageSchedules.status, 'active')))
        .orderBy(signageSchedules.customer_id, sc.display_order, signageSchedules.id, sc.id)
    : [];
  const item = (r: Omit<Candidate, 'url' | 'file_type'> & { file_type: string }): Candidate => ({
    file_id: r.file_id,
    file_type: r.file_type as Candidate['file_type'],
    file_name: r.file_name,
    stored_name: r.stored_name,
    duration: r.duration,
    start_time: r.start_time,
    end_time: r.end_time,
    days_of_week: r.days_of_week,
    display_order: r.display_order,
    url: deviceMediaUrl(r.file_id),
  });
  for (const r of own) if (r.place <= MAX_ITEMS) out.get(r.device_id)!.push(item(r));
  const byCustomer = new Map<number, Candidate[]>();
  for (const { s_start, s_end, s_days, s_name, customer_id, place, ...r } of scheduled) {
    if (place > MAX_ITEMS) continue;
    const list = byCustomer.get(customer_id) ?? [];
    list.push({ ...item(r), schedule: { start_time: s_start, end_time: s_end, days_of_week: s_days, name: s_name } });
    byCustomer.set(customer_id, list);
  }
  for (const d of devices) if (d.customer_id) out.get(d.id)!.push(...(byCustomer.get(d.customer_id) ?? []));
  return out;
}

/** What plays at `now`: inside the item's window (and its schedule's), by display order (stable): the shared rule. */
export function selectPlaying(all: Candidate[], now: Date): Candidate[] {
  return playingAt(
    all.filter((c) => !c.schedule || playsNow(c.schedule, now)),
    now,
  );
}

/** Every item as the screen keeps it: one window each (a schedule's narrowed to it), those that never play left out. */
function weekPlan(all: Candidate[]): PlaylistItem[] {
  return all.flatMap(({ file_name: _n, stored_name: _f, schedule, ...i }) => {
    const narrowed = schedule ? narrowWindow(i, schedule) : i;
    return narrowed ? [narrowed] : [];
  });
}

/**
 * The device's playlist at `now` from its candidates: status, the chosen items, the week's plan (what an
 * offline screen chooses from by its corrected clock) and their version.
 */
export function playlistOf(device: DeviceRecord, all: Candidate[], now: Date) {
  const status: EffectiveStatus = effectiveStatus(device, now);
  const active = status === 'active';
  const playing = active ? selectPlaying(all, now) : [];
  const items: PlaylistItem[] = playing.map(({ file_name: _n, stored_name: _f, schedule: _s, ...i }) => i);
  const plan = active ? weekPlan(all) : [];
  const version = createHash('sha256')
    // The plan too: a change to what plays at another hour must reach the screen before it goes offline.
    .update(JSON.stringify([status, items, plan]))
    .digest('hex')
    .slice(0, 16);
  return { status, playing, items, plan, version };
}

/** The devices that play at `now` (only theirs need candidates). */
export const activeAt = <D extends DeviceRecord>(devices: readonly D[], now: Date) =>
  devices.filter((d) => effectiveStatus(d, now) === 'active');

/**
 * What the server would give each device now: the playlist's version and whether it has anything to
 * play (the status board's `version_current`, the offline warning), from the devices' candidates.
 */
export function playlistSummaries(
  devices: readonly DeviceRecord[],
  all: Map<number, Candidate[]>,
  now: Date,
): Map<number, { version: string; items: number }> {
  return new Map(
    devices.map((d) => {
      const { items, version } = playlistOf(d, all.get(d.id) ?? [], now);
      return [d.id, { version, items: items.length }];
    }),
  );
}

/** The same, reading the candidates of a page of devices (three queries). */
export async function playlistsNow(ctx: Pick<ServiceCtx, 'db'>, devices: readonly DeviceRecord[], now: Date) {
  return playlistSummaries(devices, await candidatesOf(ctx, activeAt(devices, now)), now);
}
