import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths that belong to the API; everything else may be a route of the single-page app. */
export const API_PREFIXES = ['/api/', '/auth/', '/web/', '/sync/', '/protected-files/', '/socket.io/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, index.html never,
 * and any unknown non-API GET that asks for HTML gets index.html (the router decides there).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
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
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Nicht gefunden.' });
  });
}
