import { and, eq, sql } from 'drizzle-orm';
import { effectiveStatus, type NowPlaying, type Playlist, type PlayerReport } from '@portal/shared';
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
import { keyHash, loadDevice, MSG, newActivationCode, newDeviceKey, staffFilePath } from './common.js';
import { candidatesOf, playlistOf, type DeviceRecord } from './playlist-content.js';
import { reportColumns } from './player-report.js';
import { cachedCandidates, deviceByKeyHash, type VersionedDevice } from './content-cache.js';
import { heartbeatsOf } from './heartbeats.js';

/**
 * The screens' side: a player page registers itself, then asks every 30 s what to play now. The
 * server decides: the device's own content and its customer's active schedules, each inside its
 * window and on its weekdays in Vienna, in display order. Public calls: the device key is the caller.
 */

export type { DeviceRecord };

/** The key of an `Authorization: Device <key>` header, or null. */
export function presentedKey(authorization: string | undefined): string | null {
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

/** The device of an `Authorization: Device <key>` header with its content version, or 401. */
export async function deviceByKey(
  ctx: ServiceCtx,
  input: { authorization: string | undefined },
): Promise<VersionedDevice> {
  const key = presentedKey(input.authorization);
  if (!key) throw unauthorized(MSG.deviceKeyInvalid);
  const d = await deviceByKeyHash(ctx.db, keyHash(key));
  if (!d) throw unauthorized(MSG.deviceKeyInvalid);
  return d;
}

/**
 * The playlist answer, from the device's kept candidates (content-cache.ts); records the poll (last_seen
 * and what plays, with what the screen reported: player-report.ts) in the next batch of heartbeats
 * (heartbeats.ts), which also ends an outage staff were told of.
 */
export async function playlistFor(
  ctx: ServiceCtx,
  device: VersionedDevice,
  report: PlayerReport = {},
): Promise<Playlist> {
  const now = nowOf(ctx);
  const { status, playing, items, plan, version } = playlistOf(
    device,
    (await cachedCandidates(ctx, [device])).get(device.id)!,
    now,
  );
  heartbeatsOf(ctx.db).add(device.id, {
    last_seen: now,
    playing: playing.map((p) => p.file_name),
    ...reportColumns(report),
  });
  return {
    status,
    items,
    version,
    activation_code: status === 'pending' ? device.activation_code : null,
    device_name: device.device_name,
    server_time: now.toISOString(),
    plan,
  };
}

/**
 * "Was läuft jetzt?" for staff: what the device's playlist holds now, chosen by the same rule as its
 * playlist answer (`selectPlaying`), without counting as the device's poll.
 */
export async function nowPlaying(ctx: ServiceCtx, _viewer: Viewer, input: { deviceId: number }): Promise<NowPlaying> {
  const now = nowOf(ctx);
  const device = await loadDevice(ctx.db, input.deviceId);
  const { status, playing } = playlistOf(device, (await candidatesOf(ctx, [device])).get(device.id)!, now);
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
