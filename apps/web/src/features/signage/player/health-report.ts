import { PLAYER_REPORT_LIMITS as L, type PlayerReportInput } from '@portal/shared';

/**
 * What the screen tells the server with each poll (issue 33, `getSignagePlaylist`'s query): the
 * version in force, the file on screen, how much its cache holds, the player's build and its window.
 * Staff read it on the status board. Never fails: what cannot be measured is left out.
 */

/** The build's version (vite.config.ts `define`: the web package's version and the commit). */
const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined;

export async function collectReport(version: string | null, nowPlaying: number | null): Promise<PlayerReportInput> {
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
  const [usage, files] = await Promise.all([cacheBytes(), mediaFiles()]);
  return {
    version: version ?? undefined,
    now_playing_file_id: nowPlaying ?? undefined,
    cache_bytes: usage === null ? undefined : clamp(usage, L.cacheBytesMax),
    cache_files: files === null ? undefined : clamp(files, L.cacheFilesMax),
    app_version: APP_VERSION?.slice(0, L.appVersionMax),
    screen_w: clamp(window.innerWidth, L.screenMax) || undefined,
    screen_h: clamp(window.innerHeight, L.screenMax) || undefined,
  };
}

/** The origin's storage in use (Cache Storage, IndexedDB), as the browser estimates it. */
async function cacheBytes(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.usage ?? null;
  } catch {
    return null;
  }
}

/** Media files kept for offline play, in whichever cache holds them (each URL once). */
async function mediaFiles(): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const urls = new Set<string>();
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys())
        if (req.url.includes('/ds/api/media/')) urls.add(req.url);
    }
    return urls.size;
  } catch {
    return null;
  }
}
