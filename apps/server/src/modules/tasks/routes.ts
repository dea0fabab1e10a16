import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { taskBillingRoutes } from './billing-routes.js';
import { taskBoardRoutes } from './board-routes.js';
import { taskFileRoutes } from './file-routes.js';
import { taskCommandRoutes } from './task-routes.js';

/** The tasks area's declared calls (contracts/tasks.ts), one file per job; registered in place so they share the caller's hooks. */
export const taskRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  taskBoardRoutes(app, ctx);
  taskCommandRoutes(app, ctx);
  taskFileRoutes(app, ctx);
  taskBillingRoutes(app, ctx);
};
