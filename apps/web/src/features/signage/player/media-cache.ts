import type { Playlist, PlaylistItem } from '@portal/shared';
import { MEDIA_CACHE } from './cache-names';
import { authHeader } from './device-api';

/**
 * The screen's offline store: the last playlist (with the server's clock offset) and every file it
 * names, in Cache Storage, so the screen goes on playing when the network or the server is down. The
 * app's own files are kept by the player's service worker (sw.ts), so a restart offline finds both.
 * Files no playlist names are dropped.
 */

const PLAYLIST_KEY = '/ds/player/last-playlist.json';

/** Cache Storage exists only in secure contexts (https, localhost): elsewhere the screen plays online only. */
const open = async (): Promise<Cache | null> => (typeof caches === 'undefined' ? null : caches.open(MEDIA_CACHE));

/** The playlist as kept, with `offset_ms = server_time − Date.now()` at its receipt (player-clock.ts). */
interface Kept {
  playlist: Playlist;
  offset_ms: number;
}

export async function savePlaylist(p: Playlist, offsetMs: number): Promise<void> {
  const cache = await open();
  const kept: Kept = { playlist: p, offset_ms: offsetMs };
  await cache?.put(
    PLAYLIST_KEY,
    new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }),
  );
}

export async function loadPlaylist(): Promise<{ playlist: Playlist; offsetMs: number } | null> {
  const res = await (await open())?.match(PLAYLIST_KEY);
  if (!res) return null;
  const kept = (await res.json()) as Kept | Playlist;
  // Kept before the offset and the week's plan were: the bare playlist, its items as the plan.
  if (!('playlist' in kept)) return { playlist: { ...kept, plan: kept.plan ?? kept.items }, offsetMs: 0 };
  return { playlist: kept.playlist, offsetMs: kept.offset_ms };
}

/** Puts the file into the cache (fetched with the device key) unless it is there. */
async function cached(cache: Cache, item: PlaylistItem, key: string | null): Promise<Response> {
  const hit = await cache.match(item.url);
  if (hit) return hit;
  if (!key) throw new Error('no device key');
  const res = await fetch(item.url, { headers: authHeader(key) });
  if (!res.ok) throw new Error(`media ${res.status}`);
  // Stored as a plain 200 under its URL (the request had a header the cache must not vary on).
  await cache.put(item.url, res);
  const stored = await cache.match(item.url);
  if (!stored) throw new Error('media not kept');
  return stored;
}

/**
 * What the screen's <img> or <video> gets for a file, once the file is in the cache.
 *
 * Pictures become blob: URLs: small, decoded from memory, shown the same whether or not the service
 * worker runs. Videos are played by their own URL, answered by the service worker from Cache Storage
 * with byte ranges (206), so the element reads what it needs and seeks: a 200 MB video as a blob
 * would sit whole in the page's memory. Until the worker controls the page (its first start, or a
 * browser without workers or Cache Storage) a video falls back to a blob as before.
 */
export async function mediaSource(item: PlaylistItem, key: string | null): Promise<string> {
  const cache = await open();
  if (!cache) {
    if (!key) throw new Error('no device key');
    const res = await fetch(item.url, { headers: authHeader(key) });
    if (!res.ok) throw new Error(`media ${res.status}`);
    return URL.createObjectURL(await res.blob());
  }
  const res = await cached(cache, item, key);
  if (item.file_type === 'video' && navigator.serviceWorker?.controller) {
    await res.body?.cancel();
    return new URL(item.url, location.origin).href;
  }
  return URL.createObjectURL(await res.blob());
}

/** Removes cached files the current playlist no longer names. */
export async function pruneMedia(keep: PlaylistItem[]): Promise<void> {
  const cache = await open();
  if (!cache) return;
  const wanted = new Set(keep.map((i) => new URL(i.url, location.origin).href));
  for (const req of await cache.keys()) {
    if (req.url.includes('/ds/api/media/') && !wanted.has(req.url)) await cache.delete(req);
  }
}
