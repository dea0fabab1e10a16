import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { signageContentRoutes } from './content-routes.js';
import { signageDeviceRoutes } from './device-routes.js';
import { signagePlayerRoutes } from './player-routes.js';
import { signageScheduleRoutes } from './schedule-routes.js';

/** The signage area's HTTP routes (backoffice.md, issue 18): staff under /api/okds-…, screens under /ds/api/…. */
export const signageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await signageDeviceRoutes(app, ctx);
  await signageContentRoutes(app, ctx);
  await signageScheduleRoutes(app, ctx);
  await signagePlayerRoutes(app, ctx);
};
