import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  effectiveStatus,
  playsNow,
  type NowPlaying,
  type Playlist,
  type PlayerReport,
  type PlaylistItem,
} from '@portal/shared';
import {
  signageDeviceContent,
  signageDevices,
  signageFiles,
  signageScheduleContent,
  signageSchedules,
} from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { conflict, unauthorized } from '../../platform/errors.js';
import { now as nowOf, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { reportColumns } from './player-report.js';
import { deviceMediaUrl, keyHash, loadDevice, MSG, newActivationCode, newDeviceKey, staffFilePath } from './common.js';

/**
 * The screens' side: a player page registers itself, then asks every 30 s what to play now. The
 * server decides: the device's own content and its customer's active schedules, each inside its
 * window and on its weekdays in Vienna, in display order. Public calls: the device key is the caller.
 */

export type DeviceRecord = typeof signageDevices.$inferSelect;

/** The key of an `Authorization: Device <key>` header, or null. */
function presentedKey(authorization: string | undefined): string | null {
  return /^Device\s+([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '')?.[1] ?? null;
}

/**
 * First start (or a screen that lost its key): a new key and a new code. The uuid is the screen's.
 *
 * - A new uuid: a pending device.
 * - A known uuid whose device is pending: registers anew (a screen that lost its key before it was
 *   activated); its old key stops working.
 * - A known uuid whose device is active, expired or locked: only with that device's current key
 *   (`Authorization: Device <key>`), else 409 and the device, its key and its state stay as they are;
 *   whoever learns a uuid must not take a running screen out of service.
 * - With the right key: as before this rule, a new key and a new code; the device keeps its customer,
 *   name and licence but waits for a new activation (pending), and a locked one stays locked.
 *
 * The condition is the database's (`on conflict … do update … where`), not a read before the write,
 * so concurrent registrations cannot slip past it.
 */
export async function registerDevice(
  ctx: ServiceCtx,
  input: {
    uuid: string;
    device_name?: string | null | undefined;
    device_type?: string | undefined;
    authorization?: string | undefined;
  },
): Promise<{ device_key: string; activation_code: string }> {
  const device_key = newDeviceKey();
  const activation_code = newActivationCode();
  const now = nowOf(ctx);
  const d = signageDevices;
  const values = {
    key_hash: keyHash(device_key),
    activation_code,
    activation_tries: 0,
    updated_at: now,
  };
  const key = presentedKey(input.authorization);
  const mayReplace = key
    ? sql`(${d.status} = 'pending' or ${d.key_hash} = ${keyHash(key)})`
    : sql`${d.status} = 'pending'`;
  let written: { id: number }[];
  try {
    written = await ctx.db
      .insert(d)
      .values({
        uuid: input.uuid,
        device_name: input.device_name ?? null,
        device_type: input.device_type ?? 'screen',
        ...values,
      })
      .onConflictDoUpdate({
        target: d.uuid,
        set: {
          ...values,
          status: sql`case when ${d.status} = 'locked' then 'locked' else 'pending' end`,
          activated_at: null,
        },
        setWhere: mayReplace,
      })
      .returning({ id: d.id });
  } catch (e) {
    // Two registrations with the same fresh key cannot happen (32 random bytes); a race on the uuid can.
    if (isUniqueViolation(e)) return registerDevice(ctx, input);
    throw e;
  }
  // No row: the uuid is a device in service and the caller did not show its key.
  if (written.length === 0) throw conflict(MSG.alreadyRegistered);
  return { device_key, activation_code };
}

/** The device of an `Authorization: Device <key>` header, or 401. */
export async function deviceByKey(
  ctx: ServiceCtx,
  input: { authorization: string | undefined },
): Promise<DeviceRecord> {
  const key = presentedKey(input.authorization);
  if (!key) throw unauthorized(MSG.deviceKeyInvalid);
  const [d] = await ctx.db
    .select()
    .from(signageDevices)
    .where(eq(signageDevices.key_hash, keyHash(key)));
  if (!d) throw unauthorized(MSG.deviceKeyInvalid);
  return d;
}

interface Candidate extends PlaylistItem {
  file_name: string;
  stored_name: string;
  schedule?: { start_time: string; end_time: string; days_of_week: string; name: string };
}

/** Everything the device could ever play (own content, active schedules of its customer): small lists. */
async function candidates(ctx: ServiceCtx, device: DeviceRecord): Promise<Candidate[]> {
  return (await candidatesOf(ctx, [device])).get(device.id) ?? [];
}

/** The most items a device's own list, and a customer's schedules, give a playlist. */
const CANDIDATES_MAX = 1000;

/**
 * `candidates` of several devices in two queries (the status board's page, the offline job's batch):
 * each device's own content and its customer's active schedules, in the order the playlist takes them.
 */
export async function candidatesOf(
  ctx: Pick<ServiceCtx, 'db'>,
  devices: readonly Pick<DeviceRecord, 'id' | 'customer_id'>[],
): Promise<Map<number, Candidate[]>> {
  const out = new Map<number, Candidate[]>();
  if (devices.length === 0) return out;
  const deviceIds = devices.map((d) => d.id);
  const customerIds = [...new Set(devices.flatMap((d) => (d.customer_id ? [d.customer_id] : [])))];
  const [own, scheduled] = await Promise.all([
    ctx.db
      .select({
        device_id: signageDeviceContent.device_id,
        file_id: signageDeviceContent.file_id,
        file_type: signageFiles.file_type,
        file_name: signageFiles.file_name,
        stored_name: signageFiles.stored_name,
        duration: signageDeviceContent.duration,
        start_time: signageDeviceContent.start_time,
        end_time: signageDeviceContent.end_time,
        days_of_week: signageDeviceContent.days_of_week,
        display_order: signageDeviceContent.display_order,
      })
      .from(signageDeviceContent)
      .innerJoin(signageFiles, eq(signageFiles.id, signageDeviceContent.file_id))
      .where(inArray(signageDeviceContent.device_id, deviceIds))
      .orderBy(
        asc(signageDeviceContent.device_id),
        asc(signageDeviceContent.display_order),
        asc(signageDeviceContent.id),
      ),
    customerIds.length
      ? ctx.db
          .select({
            customer_id: signageSchedules.customer_id,
            file_id: signageScheduleContent.file_id,
            file_type: signageFiles.file_type,
            file_name: signageFiles.file_name,
            stored_name: signageFiles.stored_name,
            duration: signageScheduleContent.duration,
            start_time: signageScheduleContent.start_time,
            end_time: signageScheduleContent.end_time,
            days_of_week: signageScheduleContent.days_of_week,
            display_order: signageScheduleContent.display_order,
            s_start: signageSchedules.start_time,
            s_end: signageSchedules.end_time,
            s_days: signageSchedules.days_of_week,
            s_name: signageSchedules.schedule_name,
          })
          .from(signageScheduleContent)
          .innerJoin(signageSchedules, eq(signageSchedules.id, signageScheduleContent.schedule_id))
          .innerJoin(signageFiles, eq(signageFiles.id, signageScheduleContent.file_id))
          .where(and(inArray(signageSchedules.customer_id, customerIds), eq(signageSchedules.status, 'active')))
          .orderBy(
            asc(signageSchedules.customer_id),
            asc(signageScheduleContent.display_order),
            asc(signageSchedules.id),
            asc(signageScheduleContent.id),
          )
      : Promise.resolve([]),
  ]);
  const item = (r: Omit<Candidate, 'url' | 'file_type'> & { file_type: string }): Candidate => ({
    ...r,
    file_type: r.file_type as Candidate['file_type'],
    url: deviceMediaUrl(r.file_id),
  });
  // Grouped in the order read, each list cut at CANDIDATES_MAX: what one device's own query gives.
  const byKey = <R, K>(rows: R[], key: (r: R) => K) => {
    const m = new Map<K, R[]>();
    for (const r of rows) {
      const list = m.get(key(r)) ?? m.set(key(r), []).get(key(r))!;
      if (list.length < CANDIDATES_MAX) list.push(r);
    }
    return m;
  };
  const ownOf = byKey(own, (r) => r.device_id);
  const schedulesOf = byKey(scheduled, (r) => r.customer_id);
  for (const d of devices) {
    out.set(d.id, [
      ...(ownOf.get(d.id) ?? []).map(({ device_id: _d, ...r }) => item(r)),
      ...(d.customer_id ? (schedulesOf.get(d.customer_id) ?? []) : []).map(
        ({ customer_id: _c, s_start, s_end, s_days, s_name, ...r }) => ({
          ...item(r),
          schedule: { start_time: s_start, end_time: s_end, days_of_week: s_days, name: s_name },
        }),
      ),
    ]);
  }
  return out;
}

/** What plays at `now`: inside the item's window (and its schedule's), by display order (stable). */
export function selectPlaying(all: Candidate[], now: Date): Candidate[] {
  return all
    .filter((c) => playsNow(c, now) && (!c.schedule || playsNow(c.schedule, now)))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.display_order - b.c.display_order || a.i - b.i)
    .map(({ c }) => c);
}

/** The playlist's items as the screen gets them. */
const playlistItems = (playing: Candidate[]): PlaylistItem[] =>
  playing.map(({ file_name: _n, stored_name: _f, schedule: _s, ...i }) => i);

/** The version of a playlist: changes whenever its status or items do (the screen swaps only then). */
const playlistVersion = (status: string, items: PlaylistItem[]) =>
  createHash('sha256')
    .update(JSON.stringify([status, items]))
    .digest('hex')
    .slice(0, 16);

/**
 * What the server would give each device now: the playlist's version and whether it has anything to
 * play (the status board's `version_current`, the offline warning), for a page of devices at once.
 */
export async function playlistsNow(
  ctx: Pick<ServiceCtx, 'db'>,
  devices: readonly DeviceRecord[],
  now: Date,
): Promise<Map<number, { version: string; items: number }>> {
  const active = devices.filter((d) => effectiveStatus(d, now) === 'active');
  const all = await candidatesOf(ctx, active);
  return new Map(
    devices.map((d) => {
      const status = effectiveStatus(d, now);
      const items = status === 'active' ? playlistItems(selectPlaying(all.get(d.id) ?? [], now)) : [];
      return [d.id, { version: playlistVersion(status, items), items: items.length }];
    }),
  );
}

/**
 * The playlist answer; records the poll (last_seen and what plays) on the device, with what the screen
 * reported (health.ts), and ends an outage staff were told of.
 */
export async function playlistFor(ctx: ServiceCtx, device: DeviceRecord, report: PlayerReport = {}): Promise<Playlist> {
  const now = nowOf(ctx);
  const status = effectiveStatus(device, now);
  const playing = status === 'active' ? selectPlaying(await candidates(ctx, device), now) : [];
  const items = playlistItems(playing);
  await ctx.db
    .update(signageDevices)
    .set({ last_seen: now, playing: playing.map((p) => p.file_name), ...reportColumns(report) })
    .where(eq(signageDevices.id, device.id));
  const version = playlistVersion(status, items);
  return {
    status,
    items,
    version,
    activation_code: status === 'pending' ? device.activation_code : null,
    device_name: device.device_name,
    server_time: now.toISOString(),
  };
}

/**
 * "Was läuft jetzt?" for staff: what the device's playlist holds now, chosen by the same rule as its
 * playlist answer (`selectPlaying`), without counting as the device's poll.
 */
export async function nowPlaying(ctx: ServiceCtx, _viewer: Viewer, input: { deviceId: number }): Promise<NowPlaying> {
  const now = nowOf(ctx);
  const device = await loadDevice(ctx.db, input.deviceId);
  const status = effectiveStatus(device, now);
  const playing = status === 'active' ? selectPlaying(await candidates(ctx, device), now) : [];
  return {
    status,
    device_name: device.device_name,
    items: playing.map((p) => ({
      file_id: p.file_id,
      file_name: p.file_name,
      file_type: p.file_type,
      file_path: staffFilePath(p.stored_name),
      duration: p.duration,
      schedule_name: p.schedule?.name ?? null,
    })),
    server_time: now.toISOString(),
  };
}

/**
 * A file the device may fetch: one that is, or may come to be, on its playlist (own content, or in
 * any active schedule of its customer, whatever the hour: screens fetch ahead), while it is active.
 */
export async function mediaForDevice(ctx: ServiceCtx, device: DeviceRecord, input: { fileId: number }) {
  const { fileId } = input;
  if (effectiveStatus(device, nowOf(ctx)) !== 'active') return null;
  const [f] = await ctx.db
    .select()
    .from(signageFiles)
    .where(
      and(
        eq(signageFiles.id, fileId),
        sql`(exists (select 1 from ${signageDeviceContent} where ${signageDeviceContent.file_id} = ${signageFiles.id} and ${signageDeviceContent.device_id} = ${device.id})
          or exists (select 1 from ${signageScheduleContent} join ${signageSchedules} on ${signageSchedules.id} = ${signageScheduleContent.schedule_id}
            where ${signageScheduleContent.file_id} = ${signageFiles.id} and ${signageSchedules.customer_id} = ${device.customer_id ?? -1} and ${signageSchedules.status} = 'active'))`,
      ),
    );
  return f ?? null;
}
