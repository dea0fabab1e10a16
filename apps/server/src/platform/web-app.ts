import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { COMMON_MSG, LANGUAGES } from '@portal/shared';
import { publicAccess } from './access.js';
import { errorBody } from './errors.js';

/** Paths that belong to the API; everything else may be a route of the single-page app. */
export const API_PREFIXES = ['/api/', '/auth/', '/web/', '/sync/', '/protected-files/', '/socket.io/', '/ds/api/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

/** `dist/preload.json`, written by the web build (apps/web/preload-plan.ts). */
interface PreloadPlan {
  routes: Record<string, { files: string[]; css?: string[]; areas: string[]; fetches?: string[] }>;
  locales: Record<string, Record<string, string>>;
}

const isLanguage = (l: string) => (LANGUAGES as readonly string[]).includes(l);

/**
 * The language the app will pick, as far as the server can tell: `?lang=`, the `i18next` cookie,
 * then Accept-Language (the browser's stored choice is invisible here; a wrong guess costs one
 * unused preload and a landing page rendered afresh instead of taken over).
 */
export function guessLanguage(req: FastifyRequest): string {
  const query = req.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? query.lang.slice(0, 2).toLowerCase() : '';
  if (isLanguage(fromQuery)) return fromQuery;
  const cookie =
    /(?:^|;\s*)i18next=([a-zA-Z-]+)/
      .exec(req.headers.cookie ?? '')?.[1]
      ?.slice(0, 2)
      .toLowerCase() ?? '';
  if (isLanguage(cookie)) return cookie;
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const lang = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(lang)) return lang;
  }
  return 'de';
}

/**
 * index.html for one path: with <link rel="modulepreload"> for the chunks of that path's screen and
 * its strings, so the browser fetches them beside index.js instead of after it has run.
 */
export function indexHtmlFor(html: string, plan: PreloadPlan | null, pathname: string, lang: string): string {
  const route = plan?.routes[pathname];
  if (!plan || !route) return html;
  const locales = plan.locales[lang] ?? plan.locales.de ?? {};
  const files = [...route.files, ...['common', ...route.areas].map((a) => locales[a]).filter((f) => f !== undefined)];
  const links = [
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    // The screen's stylesheets, which its chunk would ask for only once loaded.
    ...(route.css ?? []).map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
    // API answers the screen asks for at once (e.g. the shop's prices), fetched with the HTML. The app's
    // api client fetches with credentials: 'include'; a preload in another credentials mode is not used.
    ...(route.fetches ?? []).map((f) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${f}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, index.html never,
 * and any unknown non-API GET that asks for HTML gets index.html (the router decides there), with
 * the preload hints of its path.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
    return false;
  }
  const html = fs.readFileSync(index, 'utf8');
  const planFile = path.join(webDist, 'preload.json');
  const plan = fs.existsSync(planFile) ? (JSON.parse(fs.readFileSync(planFile, 'utf8')) as PreloadPlan) : null;
  // Pages rendered at build time, per language (apps/web/prerender.mjs): the app takes one over when it
  // settles on the same language, and renders afresh otherwise. They are sent as built: they start their
  // own scripts after the first paint (apps/web/public/boot.js), so they get no hints here.
  // prerendered/pages.json: path -> file name under prerendered/<lang>/.
  const pagesFile = path.join(webDist, 'prerendered', 'pages.json');
  const pages = fs.existsSync(pagesFile)
    ? (JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as Record<string, string>)
    : {};
  const prerendered = new Map<string, string>();
  for (const lang of LANGUAGES) {
    for (const [pathname, name] of Object.entries(pages)) {
      const file = path.join(webDist, 'prerendered', lang, name);
      if (fs.existsSync(file)) prerendered.set(`${lang}:${pathname}`, fs.readFileSync(file, 'utf8'));
    }
  }
  app.decorate('sendIndexHtml', (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = (req.url.split('?')[0] ?? '/').replace(/(.)\/$/, '$1');
    const lang = guessLanguage(req);
    const page = prerendered.get(`${lang}:${pathname}`);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(page ?? indexHtmlFor(html, plan, pathname, lang));
  });
  app.get('/', { config: { access: publicAccess }, schema: { hide: true } }, (req, reply) => app.sendIndexHtml(req, reply));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // '/' is the route above (index.html with its hints), not a static file.
    index: false,
    preCompressed: true,
    // The headers below are the only Cache-Control (the static plugin's own default would replace them).
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  return true;
}

export function spaFallbackOrNotFound(app: FastifyInstance, hasWebApp: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (hasWebApp && req.method === 'GET' && !isApiPath(url) && wantsHtml && !path.extname(url)) {
      return app.sendIndexHtml(req, reply);
    }
    return reply.status(404).send(errorBody(COMMON_MSG.notFound));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml(req: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}
