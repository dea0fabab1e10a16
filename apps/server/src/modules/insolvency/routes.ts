import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The insolvency area's HTTP routes (backoffice.md); app.ts registers this one plugin. */
export const insolvencyRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
