import type { PlayerReport } from '@portal/shared';
import type { signageDevices } from '../../db/schema/index.js';

/**
 * What a screen reports with each poll (issue 33: the version in force, the file on screen, its cache,
 * the player's build, its window), as columns of its device row; health.ts reads them for staff.
 */

/** Every reported column, as one poll's report sets them. */
export type ReportColumns = Partial<
  Pick<
    typeof signageDevices.$inferInsert,
    | 'reported_version'
    | 'now_playing_file_id'
    | 'cache_bytes'
    | 'cache_files'
    | 'app_version'
    | 'screen_w'
    | 'screen_h'
    | 'offline_notified_at'
  >
>;

/**
 * The columns a poll writes: a report replaces the last one whole (a field it leaves out, such as the
 * file on screen while nothing plays, is null); a poll without any (a player from before issue 33)
 * leaves them as they are. Any poll ends the outage staff were told of, so the next one is told again.
 */
export function reportColumns(r: PlayerReport): ReportColumns {
  const fields = [
    r.version,
    r.now_playing_file_id,
    r.cache_bytes,
    r.cache_files,
    r.app_version,
    r.screen_w,
    r.screen_h,
  ];
  const reported = fields.some((v) => v !== undefined);
  if (!reported) return { offline_notified_at: null };
  return {
    reported_version: r.version ?? null,
    now_playing_file_id: r.now_playing_file_id ?? null,
    cache_bytes: r.cache_bytes ?? null,
    cache_files: r.cache_files ?? null,
    app_version: r.app_version ?? null,
    screen_w: r.screen_w ?? null,
    screen_h: r.screen_h ?? null,
    offline_notified_at: null,
  };
}
