import { useEffect } from 'react';

/**
 * What makes the player an installable app that starts without network (issue 33): its web manifest,
 * linked from this page only (the staff app and the public pages are no app to install), its service
 * worker (sw.ts, built to /ds/sw.js: its scope is /ds/ and nothing else, so no staff page is ever
 * under it), and the request that the browser keep the cached files when storage runs short.
 */
export const PLAYER_SW_URL = '/ds/sw.js';
export const PLAYER_SCOPE = '/ds/';
const MANIFEST_URL = '/ds/manifest.webmanifest';

export function useOfflineShell(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.appendChild(link);
    // The worker exists in the built app only (`npm run build`), not under the dev server.
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register(PLAYER_SW_URL, { scope: PLAYER_SCOPE }).catch((e: unknown) => {
        console.warn('signage player: service worker not registered', e);
      });
    }
    // Without it the browser may evict the media and the shell under storage pressure; granted or not,
    // the screen plays on (Chromium decides by the site's engagement, an installed app gets it).
    void navigator.storage?.persist?.().catch(() => false);
    return () => link.remove();
  }, []);
}
