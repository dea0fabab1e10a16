import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { slaStats } from './sla-figures.js';
import { agentOverview, allTaskStats, countryOverview, listAgentsOverview, ownTaskStats } from './service.js';

/**
 * The task statistics' calls (declared in packages/shared/src/contracts/stats.ts), each served by its
 * service function: every figure an SQL aggregate over the 6-month window.
 */
export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.getTasksOverviewAdmin, countryOverview);
  serve(app, ctx, calls.getTasksOverviewAgent, agentOverview);
  serve(app, ctx, calls.getAgentsOverview, listAgentsOverview);
  serve(app, ctx, calls.getTaskStatsAdmin, allTaskStats);
  serve(app, ctx, calls.getTaskStatsAgent, ownTaskStats);
  serve(app, ctx, calls.getSlaStats, slaStats);
};
