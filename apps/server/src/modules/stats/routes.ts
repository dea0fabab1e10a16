import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The stats area's HTTP routes (backoffice.md); app.ts registers this one plugin. */
export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
