import { z } from 'zod';
import { access, defineCalls, fileAnswer } from './define.js';

/** /readyz: the process and its database. */
export const readinessSchema = z.object({ status: z.string(), database: z.string() });

/** Who runs the portal (imprint, privacy notice, terms) and the emergency hotline, from the configuration. */
export const siteInfoResponseSchema = z.object({
  seller: z.object({
    name: z.string(),
    address: z.string(),
    uid: z.string(),
    email: z.string(),
    phone: z.string(),
    register: z.string(),
    court: z.string(),
    authority: z.string(),
  }),
  hotline: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoResponseSchema>;

/** What an operator and a load balancer ask (outside the API prefixes), and the site's own data. */
export const operationsCalls = defineCalls('health', {
  getHealth: {
    method: 'GET',
    path: '/healthz',
    access: access.public,
    summary: 'The process is alive',
    answer: z.object({ status: z.literal('ok') }),
    errors: [400],
  },
  getReadiness: {
    method: 'GET',
    path: '/readyz',
    access: access.public,
    summary: 'The database answers (503 when it does not)',
    answer: readinessSchema,
    errors: [400],
  },
});

export const siteCalls = defineCalls('site', {
  getSiteInfo: {
    method: 'GET',
    path: '/web/site-info',
    access: access.public,
    summary: 'Seller data for imprint, privacy notice and terms, and the emergency hotline',
    answer: siteInfoResponseSchema,
    errors: [400],
    // The same for everyone and changed only by a restart: shared caches may keep it a few minutes.
    cacheControl: 'public, max-age=300',
  },
});

/**
 * `GET /metrics` (Prometheus text), served only when METRICS_TOKEN is set, so not among ALL_CALLS:
 * the route test's app has no token. The token is checked by the route, not the session guard.
 */
export const metricsCalls = defineCalls('metrics', {
  getMetrics: {
    method: 'GET',
    path: '/metrics',
    access: access.public,
    summary: 'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN)',
    headers: z.looseObject({ authorization: z.string().optional() }),
    answer: fileAnswer('text/plain; version=0.0.4; charset=utf-8'),
    errors: [401],
  },
});
