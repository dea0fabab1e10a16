import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first screen of a public page needs its route's chunk and its strings, which the app would
 * only ask for after index.js has run: one more round trip before anything is painted. This plugin
 * writes `dist/preload.json` — per public path, the chunks of its screen, and per language the locale
 * chunks — and the server puts them into index.html as <link rel="modulepreload">, so the browser
 * fetches them together with index.js. Paths not listed here simply get no hints.
 */
const LEGAL = {
  modules: ['src/app/query-layout.tsx', 'src/features/public/legal-page.tsx'],
  areas: ['legal'],
  fetches: ['/web/site-info'],
};
const ROUTES: Record<string, { modules: string[]; areas: string[]; fetches?: string[] }> = {
  '/': { modules: ['src/features/public/landing-page.tsx'], areas: ['public-pages'] },
  '/rksv': {
    modules: [
      'src/app/query-layout.tsx',
      'src/features/shop/rksv-order-page.tsx',
      'src/features/shop/api/get-products.ts',
    ],
    areas: ['shop'],
    // The prices the route prefetches (shop/routes.tsx).
    fetches: ['/web/rksv-products'],
  },
  '/login': { modules: ['src/features/auth/login-page.tsx'], areas: [] },
  '/business-login': { modules: ['src/features/auth/business-login-page.tsx'], areas: [] },
  '/status': {
    modules: ['src/app/query-layout.tsx', 'src/features/public/status-page.tsx'],
    areas: ['public-pages'],
  },
  '/marketing': { modules: ['src/features/public/marketing-page.tsx'], areas: ['public-pages'] },
  '/financeexport': { modules: ['src/features/public-forms/dep-request-page.tsx'], areas: ['public-forms'] },
  '/menuechange': { modules: ['src/features/public-forms/menu-change-page.tsx'], areas: ['public-forms'] },
  '/companychange': { modules: ['src/features/public-forms/company-switch-page.tsx'], areas: ['public-forms'] },
  '/classic-support': {
    modules: ['src/features/public-forms/support-request-page.tsx'],
    areas: ['public-forms', 'public-pages'],
  },
  '/emergency-support': {
    modules: ['src/features/public-forms/support-request-page.tsx'],
    areas: ['public-forms', 'public-pages'],
    // The hotline (features/public-forms/emergency-hotline.tsx).
    fetches: ['/web/site-info'],
  },
  '/impressum': LEGAL,
  '/datenschutz': LEGAL,
  '/agb': LEGAL,
};

/*
 * The staff screens an agent lives in (issue 30): the server-state layout, the staff area's route table
 * with its layout, and the screen, so that a signed-in reload fetches them beside index.js rather than
 * one after the other (app/router.tsx and agent-routes.tsx start them too, but only once index.js ran).
 * A signed-out visit is sent to the sign-in page and has fetched them for nothing (about 100 KB once,
 * then cached).
 */
const STAFF = ['src/app/query-layout.tsx', 'src/app/agent/agent-routes.tsx'];
const STAFF_AREAS = ['tasks', 'notifications', 'staff'];
const BOARD = {
  modules: [...STAFF, 'src/app/agent/tasks-home.tsx', 'src/features/tasks/task-board-page.tsx'],
  areas: STAFF_AREAS,
};
const RKSV_ORDERS = {
  modules: [...STAFF, 'src/features/rksv-orders/orders-page.tsx'],
  areas: [...STAFF_AREAS, 'rksv-orders'],
};
Object.assign(ROUTES, {
  '/agent-dashboard': BOARD,
  '/agent-dashboard/tasks': { ...BOARD, modules: BOARD.modules.filter((m) => !m.endsWith('tasks-home.tsx')) },
  ...Object.fromEntries(
    ['', '/offen', '/erstellt', '/zustellung', '/abholung', '/abgeschlossen'].map((s) => [
      `/agent-dashboard/rksvorders${s}`,
      RKSV_ORDERS,
    ]),
  ),
  '/agent-dashboard/cashbook/transactions': {
    modules: [...STAFF, 'src/features/cashbook/transactions-page.tsx'],
    areas: [...STAFF_AREAS, 'cashbook'],
  },
  '/agent-dashboard/ds/devices': {
    modules: [...STAFF, 'src/features/signage/devices-page.tsx'],
    areas: [...STAFF_AREAS, 'signage'],
  },
});

export interface PreloadPlan {
  /**
   * Public path (and a few staff screens) -> chunk URLs of its screen (static imports included, index.html's own left out) and
   * the stylesheets those chunks bring.
   */
  routes: Record<string, { files: string[]; css: string[]; areas: string[]; fetches: string[] }>;
  /** Language -> area -> chunk URL of that locale file (`common` always). */
  locales: Record<string, Record<string, string>>;
}

export function preloadPlan(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'portal-preload-plan',
    apply: 'build',
    // The stylesheet first in <head>: it blocks the first paint, so it should not share the line with
    // the scripts the browser may fetch later.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
        let out = html;
        for (const s of sheets) out = out.replace(s, '');
        return out.replace('</title>', `</title>${sheets.join('')}`);
      },
    },
    configResolved(c) {
      root = c.root;
      ssr = Boolean(c.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return; // the prerender build (entry-prerender.tsx) needs no plan
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map<string, (typeof chunks)[number]>();
      // The chunk that holds a module (its facade, or the chunk it was merged into).
      for (const c of chunks)
        for (const id of c.moduleIds) if (!byModule.has(id) || c.facadeModuleId === id) byModule.set(id, c);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('preload plan: no entry chunk');
      // What index.html already preloads: the entry and its static imports.
      const inIndex = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const i of byFile.get(file)?.imports ?? []) walk(i, into);
      };
      walk(entry.fileName, inIndex);

      const plan: PreloadPlan = { routes: {}, locales: {} };
      for (const [route, { modules, areas, fetches = [] }] of Object.entries(ROUTES)) {
        const files = new Set<string>();
        for (const m of modules) {
          const chunk = byModule.get(path.join(root, m));
          if (!chunk) throw new Error(`preload plan: no chunk for ${m} (route ${route})`);
          walk(chunk.fileName, files);
        }
        const own = [...files].filter((f) => !inIndex.has(f));
        const css = new Set(own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
        plan.routes[route] = {
          files: own.map((f) => `/${f}`),
          css: [...css].map((f) => `/${f}`),
          areas,
          fetches,
        };
      }
      for (const [id, chunk] of byModule) {
        const m = /[/\\]locales[/\\]([a-z]{2})[/\\]([a-z-]+)\.json$/.exec(id);
        if (m) (plan.locales[m[1]!] ??= {})[m[2]!] = `/${chunk.fileName}`;
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(plan, null, 2) });
    },
  };
}
