/**
 * The Cache Storage names the page and the player's service worker (sw.ts) share: the worker answers
 * a video's byte ranges from the file the page stored, so both must name the same cache.
 */
export const MEDIA_CACHE = 'okds-player-v1';
