import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { orderRoutes } from './order-routes.js';
import { cardRoutes } from './card-routes.js';

/** The rksv-orders area's HTTP routes (backoffice.md, issue 16); app.ts registers this one plugin. */
export const rksvOrdersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await orderRoutes(app, ctx);
  await cardRoutes(app, ctx);
};
