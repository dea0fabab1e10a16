import { inArray } from 'drizzle-orm';
import {
  DEVICE_OFFLINE_AFTER_MS,
  DEVICE_OFFLINE_ALERT_MS,
  effectiveStatus,
  type DeviceStatusRow,
} from '@portal/shared';
import { signageFiles } from '../../db/schema/index.js';
import type { ServiceCtx } from '../../platform/service.js';
import { cachedCandidates, type VersionedDevice } from './content-cache.js';
import { activeAt, playlistSummaries, type DeviceRecord } from './playlist-content.js';

/**
 * Fleet health (issue 33): what a screen reports with each poll, kept on its device row, and what the
 * status board makes of it beside the server's own view (online, the version it would give, whether the
 * screen has something to play now).
 */

/** A report within 90 s by the server's clock. */
export const isOnline = (d: Pick<DeviceRecord, 'last_seen'>, now: Date) =>
  d.last_seen !== null && now.getTime() - d.last_seen.getTime() < DEVICE_OFFLINE_AFTER_MS;

/**
 * The outage worth a warning: an active screen silent for over 10 minutes. Whether it has something to
 * play now is the caller's question (it needs the playlist rule).
 */
export const isLongOffline = (d: DeviceRecord, now: Date) =>
  effectiveStatus(d, now) === 'active' &&
  d.last_seen !== null &&
  now.getTime() - d.last_seen.getTime() > DEVICE_OFFLINE_ALERT_MS;

export type HealthFields = Omit<
  DeviceStatusRow,
  'device_id' | 'device_name' | 'customer_name' | 'effective_status' | 'last_seen' | 'playing'
>;

/**
 * The status board's health fields of a page of devices: the playlists the server would give them now
 * (player.ts's rule and version, on the candidates kept per device: content-cache.ts) and the names of
 * the files on screen (`named`: read with the page; else from those candidates; one query for a file
 * that is in neither, as a heartbeat not written yet may name one).
 */
export async function healthOf(
  ctx: ServiceCtx,
  devices: readonly VersionedDevice[],
  now: Date,
  named: ReadonlyMap<number, string> = new Map(),
): Promise<Map<number, HealthFields>> {
  const candidates = await cachedCandidates(ctx, activeAt(devices, now));
  const playlists = playlistSummaries(devices, candidates, now);
  const known = new Map([
    ...named,
    ...[...candidates.values()].flatMap((list) => list.map((c) => [c.file_id, c.file_name] as const)),
  ]);
  const unknown = [
    ...new Set(
      devices.flatMap((d) =>
        d.now_playing_file_id && !known.has(d.now_playing_file_id) ? [d.now_playing_file_id] : [],
      ),
    ),
  ];
  const files = unknown.length
    ? await ctx.db
        .select({ id: signageFiles.id, file_name: signageFiles.file_name })
        .from(signageFiles)
        .where(inArray(signageFiles.id, unknown))
    : [];
  const names = new Map([...known, ...files.map((f) => [f.id, f.file_name] as const)]);
  return new Map(
    devices.map((d) => {
      const playlist = playlists.get(d.id);
      return [
        d.id,
        {
          online: isOnline(d, now),
          now_playing_file_id: d.now_playing_file_id,
          now_playing_file_name: d.now_playing_file_id ? (names.get(d.now_playing_file_id) ?? null) : null,
          version_current: d.reported_version === null ? null : d.reported_version === playlist?.version,
          cache_bytes: d.cache_bytes,
          cache_files: d.cache_files,
          app_version: d.app_version,
          screen: d.screen_w !== null && d.screen_h !== null ? { w: d.screen_w, h: d.screen_h } : null,
          offline_alert: isLongOffline(d, now) && (playlist?.items ?? 0) > 0,
        },
      ];
    }),
  );
}
