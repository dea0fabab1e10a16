import type { Playlist, PlaylistItem } from '@portal/shared';
import { authHeader } from './device-api';

/**
 * The screen's offline store: the last playlist and every file it names, in Cache Storage, so the
 * screen goes on playing when the network or the server is down (and after a restart of the page
 * while the app's own files are still in the browser's cache). Files no playlist names are dropped.
 */

const CACHE = 'okds-player-v1';
const PLAYLIST_KEY = '/ds/player/last-playlist.json';

/** Cache Storage exists only in secure contexts (https, localhost): elsewhere the screen plays online only. */
const open = async (): Promise<Cache | null> => (typeof caches === 'undefined' ? null : caches.open(CACHE));

export async function savePlaylist(p: Playlist): Promise<void> {
  const cache = await open();
  await cache?.put(PLAYLIST_KEY, new Response(JSON.stringify(p), { headers: { 'content-type': 'application/json' } }));
}

export async function loadPlaylist(): Promise<Playlist | null> {
  const res = await (await open())?.match(PLAYLIST_KEY);
  return res ? ((await res.json()) as Playlist) : null;
}

/** The file as a Blob: from the cache, else fetched with the device key and kept. */
export async function mediaBlob(item: PlaylistItem, key: string | null): Promise<Blob> {
  const cache = await open();
  const hit = await cache?.match(item.url);
  if (hit) return hit.blob();
  if (!key) throw new Error('no device key');
  const res = await fetch(item.url, { headers: authHeader(key) });
  if (!res.ok) throw new Error(`media ${res.status}`);
  // Stored as a plain 200 under its URL (the request had a header the cache must not vary on).
  if (!cache) return res.blob();
  await cache.put(item.url, res.clone());
  return res.blob();
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
