import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { cashbookBookRoutes } from './book-routes.js';
import { cashbookClosingRoutes } from './closing-routes.js';
import { cashbookTransactionRoutes } from './transaction-routes.js';

/** The cashbook area's HTTP routes (backoffice.md, issue 20), all under /api/cashbook; app.ts registers this one plugin. */
export const cashbookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await cashbookTransactionRoutes(app, ctx);
  await cashbookBookRoutes(app, ctx);
  await cashbookClosingRoutes(app, ctx);
};
