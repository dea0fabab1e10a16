import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';

/** Business dashboard calls under /api/business (records); registered by ../routes.ts. */
export const businessRecordsRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
