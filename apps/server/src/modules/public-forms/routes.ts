import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The public request forms under /web/ (DEP export, menu change, company switch, emergency and classic support). */
export const publicFormRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
