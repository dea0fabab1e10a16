import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';

/** Business dashboard calls under /api/business (own-data); registered by ../routes.ts. */
export const businessOwnDataRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
