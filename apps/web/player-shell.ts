import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/**
 * Which built files the signage player's service worker precaches (src/features/signage/player/sw.ts):
 * what /ds/player needs to start with no network, and nothing of the staff app or the public pages.
 * The chunk names carry hashes, so the list is taken from the bundle: the entry with every chunk it
 * imports, the player page's chunk with everything it imports (dynamic imports too: they run later,
 * maybe offline), their stylesheets, and the `common` and `signage` strings of every language (the
 * screen's language is its browser's). Besides them: index.html (the player's page, served for
 * /ds/player) and the manifest and icons under public/ds/.
 */
const PLAYER = 'src/features/signage/player/player-page.tsx';
const AREAS = ['common', 'signage'];

const shell = new Set<string>();

export function playerShell(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'portal-player-shell',
    apply: 'build',
    configResolved(c) {
      root = c.root;
      ssr = Boolean(c.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const walk = (file: string, dynamic: boolean) => {
        if (shell.has(file)) return;
        shell.add(file);
        const c = byFile.get(file);
        if (!c) return;
        for (const css of c.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const i of c.imports) walk(i, dynamic);
        if (dynamic) for (const i of c.dynamicImports) walk(i, dynamic);
      };
      shell.clear();
      const entry = chunks.find((c) => c.isEntry);
      const player = chunks.find((c) => c.facadeModuleId === path.join(root, PLAYER));
      if (!entry || !player) throw new Error('player shell: no entry or player chunk');
      walk(entry.fileName, false);
      walk(player.fileName, true);
      for (const c of chunks) {
        const m = /[/\\]locales[/\\][a-z]{2}[/\\]([a-z-]+)\.json$/.exec(c.facadeModuleId ?? '');
        if (m && AREAS.includes(m[1]!)) walk(c.fileName, false);
      }
      if (![...shell].some((f) => f.endsWith('.css'))) throw new Error('player shell: no stylesheet found');
    },
  };
}

/** Keeps the player's shell of the files workbox found, as absolute URLs (the worker lives under /ds/). */
export const onlyPlayerShell: ManifestTransform = (entries) => {
  const keep = entries.filter((e) => shell.has(e.url) || e.url === 'index.html' || e.url.startsWith('ds/'));
  return { manifest: keep.map((e) => ({ ...e, url: `/${e.url}` })), warnings: [] };
};
