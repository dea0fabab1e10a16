// Writes dist/prerendered/<lang>/index.html: the landing page rendered at build time, one per language
// (see src/entry-prerender.tsx). The server sends it for `/` when it can tell the visitor's language.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const { renderPage } = await import(pathToFileURL(path.join(here, 'dist-ssr', 'entry-prerender.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>') || !template.includes('<html lang="de" dir="ltr">'))
  throw new Error('prerender: index.html has changed shape');

for (const lang of ['de', 'en', 'fr', 'ar']) {
  const body = await renderPage('/', lang);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = template
    // The colour scheme Mantine would set on mount, so the prerendered page has its colours at once.
    .replace('<html lang="de" dir="ltr">', `<html lang="${lang}" dir="${dir}" data-mantine-color-scheme="light">`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}">${body}</div>`);
  fs.mkdirSync(path.join(dist, 'prerendered', lang), { recursive: true });
  fs.writeFileSync(path.join(dist, 'prerendered', lang, 'index.html'), html);
}
fs.rmSync(path.join(here, 'dist-ssr'), { recursive: true, force: true });
console.log('prerendered / in de, en, fr, ar');
