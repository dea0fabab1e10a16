import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The RKSV signature-unit shop under /web/ (products, order, payment, invoice). */
export const shopRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
