/**
 * The signage player's service worker, built by vite-plugin-pwa (injectManifest) to /ds/sw.js and
 * registered with scope /ds/ by the player page only (offline-shell.ts): it controls /ds/player and
 * nothing else, so the staff app and the public pages never run under it.
 *
 * - Precache: the player's shell, chosen at build time (apps/web/player-shell.ts): index.html, the
 *   entry with its imports, the player's chunks and stylesheets, the common and signage strings in every
 *   language, the manifest and icons. A navigation to /ds/player is answered with the cached index.html,
 *   so a screen that restarts without network starts the app.
 * - Media: requests of the <video> element for /ds/api/media/* (no device key on them) are answered
 *   from the cache the page fills (MEDIA_CACHE), a Range request with a 206 of those bytes, so a large
 *   video plays and seeks offline. The page's own fetches carry the key and go to the server untouched.
 * - Other /assets/ files the player loads later (hashed, never changing) are kept as they pass.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MEDIA_CACHE } from './cache-names';

declare const self: {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
};

// A new build takes over at once: the screen's next start runs it (no tab asks to reload).
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [/^\/ds\/player\/?(\?.*)?$/] }));

registerRoute(
  ({ url, request }) => url.pathname.startsWith('/ds/api/media/') && !request.headers.has('authorization'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    // Stored under the bare URL by the page; the element's request differs in Accept-Encoding.
    matchOptions: { ignoreVary: true },
    plugins: [new RangeRequestsPlugin()],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'okds-player-assets', plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
);
