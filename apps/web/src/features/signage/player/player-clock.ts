import { playingAt, type Playlist, type PlaylistItem } from '@portal/shared';

/**
 * The screen's clock, corrected by the server's. A signage box's clock may be off by minutes or days
 * (no network time after a power cut); the playlist answer names the server's time, so the screen keeps
 * `offset = server_time − Date.now()` with its cached playlist and, while offline, decides the windows
 * by `Date.now() + offset`. The few hundred milliseconds the answer took are well inside a minute.
 */
export const clockOffset = (serverTime: string, receivedAt: number = Date.now()): number => {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
};

export const correctedNow = (offsetMs: number, deviceNow: number = Date.now()): Date => new Date(deviceNow + offsetMs);

/**
 * What the loop plays: online what the server chose; offline what the kept plan holds for the
 * corrected clock (the server's own rule, `playingAt`), so a window that opens offline still switches.
 * Only items whose file is at hand.
 */
export function itemsToPlay(
  playlist: Playlist | null,
  has: (fileId: number) => boolean,
  { online, offsetMs, now }: { online: boolean; offsetMs: number; now: Date },
): PlaylistItem[] {
  if (playlist?.status !== 'active') return [];
  const chosen = online ? playlist.items : playingAt(playlist.plan, correctedNow(offsetMs, now.getTime()));
  return chosen.filter((i) => has(i.file_id));
}

/** Every file the playlist may play this week, once each: fetched and kept before the list is taken. */
export function filesOf(playlist: Playlist): PlaylistItem[] {
  const seen = new Map<number, PlaylistItem>();
  for (const i of [...playlist.items, ...playlist.plan]) if (!seen.has(i.file_id)) seen.set(i.file_id, i);
  return [...seen.values()];
}
