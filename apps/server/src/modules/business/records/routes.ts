import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { businessBranchRoutes } from './branch-routes.js';
import { businessDocumentRoutes } from './document-routes.js';
import { businessNewsRoutes, newsAdminRoutes } from './news-routes.js';
import { businessProfileRoutes } from './profile-routes.js';

/**
 * Business dashboard calls under /api/business (records: documents, branches, news, profile), and
 * the admins' news under /api/news that the dashboard's news come from; registered by ../routes.ts.
 */
export const businessRecordsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await businessDocumentRoutes(app, ctx);
  await businessBranchRoutes(app, ctx);
  await businessNewsRoutes(app, ctx);
  await businessProfileRoutes(app, ctx);
  await newsAdminRoutes(app, ctx);
};
