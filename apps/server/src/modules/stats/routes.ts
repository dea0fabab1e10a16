import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentsOverviewSchema,
  messageSchema,
  statsAgentParams,
  statsCountryAgentParams,
  statsCountryParams,
  taskStatsSchema,
  tasksOverviewSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { adminWith, staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { agentOverview, allTaskStats, countryOverview, listAgentsOverview, ownTaskStats } from './service.js';
import { errorResponses } from '../../platform/openapi.js';

/**
 * The task statistics (backoffice.md 7 "Task statistics"): every figure an SQL aggregate over the
 * 6-month window. Admin calls need role admin, agent calls the caller's own id unless admin (403).
 */
export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const tags = ['stats'];
  const errors = { 400: messageSchema, 403: messageSchema };

  app.get(
    '/api/get-tasks-overview-admin/:countryId',
    {
      config: { access: adminWith('tasks') },
      schema: {
        operationId: 'getTasksOverviewAdmin',
        tags,
        summary:
          'Task overview of a country: counts by state, overdue, completion rate, average hours, types, 6 months',
        params: statsCountryParams,
        response: { ...errorResponses(401), 200: tasksOverviewSchema, ...errors },
      },
    },
    async (req) => countryOverview(ctx, currentUser(req), req.params),
  );

  app.get(
    '/api/get-tasks-overview-agent/:countryId/:agentId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTasksOverviewAgent',
        tags,
        summary: "Task overview of one agent's tasks (agentId must be the caller, unless admin)",
        params: statsCountryAgentParams,
        response: { ...errorResponses(401), 200: tasksOverviewSchema, ...errors },
      },
    },
    async (req) => agentOverview(ctx, currentUser(req), req.params),
  );

  app.get(
    '/api/get-agents-overview/:countryId',
    {
      config: { access: adminWith('tasks') },
      schema: {
        operationId: 'getAgentsOverview',
        tags,
        summary: 'One row per staff member of the country with their task counters and average days to done',
        params: statsCountryParams,
        response: { ...errorResponses(401), 200: agentsOverviewSchema, ...errors },
      },
    },
    async (req) => listAgentsOverview(ctx, currentUser(req), req.params),
  );

  app.get(
    '/api/get-task-stats-admin',
    {
      config: { access: adminWith('tasks') },
      schema: {
        operationId: 'getTaskStatsAdmin',
        tags,
        summary: "Task stats of every agent of the admin's country (scope all): per month with overdue, per type",
        response: { ...errorResponses(401), 200: taskStatsSchema, ...errors },
      },
    },
    async (req) => allTaskStats(ctx, currentUser(req)),
  );

  app.get(
    '/api/get-task-stats-agent/:agentId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskStatsAgent',
        tags,
        summary: "Task stats of one agent's tasks (scope own; agentId must be the caller, unless admin)",
        params: statsAgentParams,
        response: { ...errorResponses(401), 200: taskStatsSchema, ...errors },
      },
    },
    async (req) => ownTaskStats(ctx, currentUser(req), req.params),
  );
};
