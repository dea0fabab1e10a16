import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The rksv-orders area's HTTP routes (backoffice.md); app.ts registers this one plugin. */
export const rksvOrdersRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
