import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { businessOwnDataRoutes } from './own-data/routes.js';
import { businessRecordsRoutes } from './records/routes.js';

/**
 * The business dashboard's calls under /api/business: what the provider holds about the caller's own
 * customer record (own-data: orders, invoices, deliveries, support, devices, overview) and what the
 * customer keeps or receives (records: documents, branches, news, profile).
 */
export const businessRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(businessOwnDataRoutes, ctx);
  await app.register(businessRecordsRoutes, ctx);
};
