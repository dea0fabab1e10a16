// Writes dist/prerendered/<lang>/<page>.html: the pages rendered at build time, one per language (see
// src/entry-prerender.tsx). The server sends them when it can tell the visitor's language.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const { renderPage, pageTitle } = await import(pathToFileURL(path.join(here, 'dist-ssr', 'entry-prerender.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const TITLE = '<title>Service-Portal</title>';
if (
  !template.includes('<div id="root"></div>') ||
  !template.includes('<html lang="de" dir="ltr">') ||
  !template.includes(TITLE)
)
  throw new Error('prerender: index.html has changed shape');

// Pages that show everyone the same at first: the landing page and the shop's order form (its prices
// come after the script has taken the page over). Written to prerendered/pages.json for the server
// (apps/server/src/platform/web-app.ts).
const PAGES = { '/': 'index.html', '/rksv': 'rksv.html' };
// The stylesheets of each page's chunks (apps/web/preload-plan.ts) go into its HTML: the page is shown
// before its scripts run, so it must not wait for them to bring its styles. The server adds no hints
// to these pages (apps/server/src/platform/web-app.ts).
const plan = JSON.parse(fs.readFileSync(path.join(dist, 'preload.json'), 'utf8'));

// The template's entry script and the modules Vite preloads for it.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
const entryImports = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
if (!entry) throw new Error('prerender: no entry script in index.html');
const withoutScripts = template
  .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
  .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');

for (const lang of ['de', 'en', 'fr', 'ar']) {
  fs.mkdirSync(path.join(dist, 'prerendered', lang), { recursive: true });
  for (const [url, file] of Object.entries(PAGES)) {
    const body = await renderPage(url, lang);
    const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // The page's own title, as the app sets it once running (src/app/page-title.tsx).
    const title = `<title>${escape(pageTitle(url))}</title>`;
    const route = plan.routes[url] ?? { files: [], css: [], areas: [], fetches: [] };
    const sheets = route.css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`);
    // The scripts start after the first paint (public/boot.js): the entry, its imports, the page's
    // chunks and its strings in this language, and the API answers the page asks for at once.
    const locales = plan.locales[lang] ?? {};
    const modules = [...entryImports, ...route.files, ...['common', ...route.areas].map((a) => locales[a])].filter(
      Boolean,
    );
    const boot =
      `<script defer src="/boot.js" data-entry="${entry}"` +
      ` data-modules='${JSON.stringify(modules)}' data-fetches='${JSON.stringify(route.fetches)}'></script>`;
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    const html = withoutScripts
      // The colour scheme Mantine would set on mount, so the prerendered page has its colours at once.
      .replace('<html lang="de" dir="ltr">', `<html lang="${lang}" dir="${dir}" data-mantine-color-scheme="light">`)
      // After the app's own stylesheet, as the app would add them.
      .replace(/<link rel="stylesheet"[^>]*>/, (main) => main + sheets.join(''))
      .replace(TITLE, () => title)
      .replace('</head>', `${boot}</head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}" data-path="${url}">${body}</div>`);
    fs.writeFileSync(path.join(dist, 'prerendered', lang, file), html);
  }
}
fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify(PAGES));
fs.rmSync(path.join(here, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${Object.keys(PAGES).join(', ')} in de, en, fr, ar`);
