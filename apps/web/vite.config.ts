import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { onlyPlayerShell, playerShell } from './player-shell.ts';
import { preloadPlan } from './preload-plan.ts';
import { zodWithoutJsonSchema } from './zod-without-json-schema.ts';

const api = 'http://localhost:3000';

/**
 * The build's version, which a signage screen reports (issue 33): the web package's version and, in a
 * git checkout, the commit (`1.0.0+8130522`), so staff see which screens run an older player.
 */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return /^[0-9a-f]{4,40}$/.test(commit) ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    preloadPlan(),
    zodWithoutJsonSchema(),
    playerShell(),
    // The signage player's service worker, and only it (src/features/signage/player/sw.ts): built to
    // dist/ds/sw.js, so its scope can be /ds/ without a Service-Worker-Allowed header. No manifest and
    // no registration in index.html: the player page links its own manifest (public/ds/) and registers
    // the worker itself, so the staff app and the public pages get neither.
    VitePWA({
      disable: Boolean(isSsrBuild),
      strategies: 'injectManifest',
      srcDir: 'src/features/signage/player',
      filename: 'sw.ts',
      outDir: 'dist/ds',
      scope: '/ds/',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globDirectory: path.join(here, 'dist'),
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['ds/sw.js', 'prerendered/**'],
        manifestTransforms: [onlyPlayerShell],
      },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // Every browser the portal supports has <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      // index.html keeps its preloads; a lazy screen's own imports are not listed in the entry (a table
      // of every screen's chunks that every page would carry): the browser finds them when the
      // screen's chunk arrives, and public pages get theirs from the server (preload-plan.ts).
      // Stylesheets stay listed, so a screen never shows before its CSS is in.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css')),
    },
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: {
        strictExecutionOrder: true,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-browser-languagedetector|@mantine[\\/](store|hooks)|clsx|use-sync-external-store)[\\/]/,
              priority: 30,
            },
            // Every page loads the entry, vendor and ui chunks; what they import besides belongs in them
            // (Transition, InputBase, the combobox parts of NativeSelect, Vite's preload helper): as
            // chunks of their own they cost every page a request and their own gzip overhead.
            {
              name: 'ui',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Anchor|Box|Button|Center|CloseButton|Container|Group|Loader|Paper|Stack|Text|Title|TextInput|NativeSelect|ActionIcon|Input|InputBase|Transition|UnstyledButton|VisuallyHidden|Combobox[\\/](ComboboxChevron|get-parsed-combobox-data|Combobox\.module)))[\\/.]|vite[\\/]preload-helper/,
              priority: 20,
            },
            // The app's own modules that every page runs (session, API client, the loading screen, the
            // language switch, the shared enums, the icon factory) and every form (error texts): one
            // chunk instead of eight. The landing page carries the form part (0.5 KB) unused; /login,
            // /rksv and every staff screen save a request each.
            {
              name: 'base',
              test: /(apps[\\/]web[\\/]src[\\/](lib[\\/](api|auth-context|auth-storage|errors|translate-message)|components[\\/](auth-loading|language-menu|field-error))\.tsx?$)|(packages[\\/]shared[\\/]src[\\/]enums\.ts$)|(@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.mjs$)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on its own port; these prefixes go there (the same list as the server's).
    proxy: Object.fromEntries(
      ['/api', '/auth', '/web', '/sync', '/protected-files', '/healthz', '/readyz'].map((p) => [p, api]),
    ),
  },
}));
