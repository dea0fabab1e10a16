import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The cashbook area's HTTP routes (backoffice.md); app.ts registers this one plugin. */
export const cashbookRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
