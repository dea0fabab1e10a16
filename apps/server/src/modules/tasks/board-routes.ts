import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentSummarySchema,
  COMMON_MSG,
  TASK_PAGE_MAX,
  taskListQuerySchema,
  taskListResponseSchema,
  TASKS_MSG,
  taskSinceResponseSchema,
  taskStatusParam,
  taskTypeSchema,
  type TaskListQuery,
  type TaskStatus,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { adminWith, staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { boardPage, boardSince } from './board.js';
import { listAgents, listTaskTypes } from './lookups.js';
import { id, prebuiltJson, sendBoardPage } from './route-helpers.js';
import { errorResponses } from '../../platform/openapi.js';

/** The boards: pages per country and status, catch-up polls, task types and the agents list. */
export const taskBoardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const boardParams = z.object({ countryId: id(COMMON_MSG.invalidCountry), status: taskStatusParam });
  const agentBoardParams = boardParams.extend({ agentId: id(TASKS_MSG.invalidAgent) });
  /** Both board routes: the page of the board the path names, for the query's filters, sort and cursor. */
  const answerBoardPage = async (
    req: FastifyRequest<{
      Params: { countryId: number; status: TaskStatus; agentId?: number };
      Querystring: TaskListQuery;
    }>,
    reply: FastifyReply,
  ) =>
    sendBoardPage(
      req,
      reply,
      await boardPage(ctx, currentUser(req), { ...req.params, unassigned: req.query.unassigned, query: req.query }),
    );
  const sinceParams = z.object({
    lastTaskId: z.coerce.number().int().min(0),
    limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX),
  });

  app.get(
    '/api/get-tasks-from-admin/:countryId/:status',
    {
      config: { access: adminWith('tasks') },
      serializerCompiler: prebuiltJson,
      schema: {
        operationId: 'getTasksFromAdmin',
        tags: ['tasks'],
        summary: 'Board page of a country and status (admin: all tasks)',
        params: boardParams,
        querystring: taskListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: taskListResponseSchema },
      },
    },
    answerBoardPage,
  );

  app.get(
    '/api/get-tasks-from-agent/:countryId/:status/:agentId',
    {
      config: { access: staffWith('tasks') },
      serializerCompiler: prebuiltJson,
      schema: {
        operationId: 'getTasksFromAgent',
        tags: ['tasks'],
        summary:
          'Board page of an agent: tasks assigned to, created by, or asking help of them (agentId must be the caller, unless admin)',
        params: agentBoardParams,
        querystring: taskListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: taskListResponseSchema },
      },
    },
    answerBoardPage,
  );

  app.get(
    '/api/get-tasks-from-admin/:countryId/:status/since/:lastTaskId/:limit',
    {
      config: { access: adminWith('tasks') },
      schema: {
        operationId: 'getTasksFromAdminSince',
        tags: ['tasks'],
        summary: 'Tasks with a higher id (catch-up poll)',
        params: boardParams.merge(sinceParams),
        response: { ...errorResponses(400, 401, 403), 200: taskSinceResponseSchema },
      },
    },
    async (req) => ({
      tasks: await boardSince(ctx, currentUser(req), req.params),
    }),
  );

  app.get(
    '/api/get-tasks-from-agent/:countryId/:status/:agentId/since/:lastTaskId/:limit',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTasksFromAgentSince',
        tags: ['tasks'],
        summary: 'Tasks with a higher id (catch-up poll), agent visibility',
        params: agentBoardParams.merge(sinceParams),
        response: { ...errorResponses(400, 401, 403), 200: taskSinceResponseSchema },
      },
    },
    async (req) => ({
      tasks: await boardSince(ctx, currentUser(req), req.params),
    }),
  );

  app.get(
    '/api/task-types',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'listTaskTypes',
        tags: ['tasks'],
        summary: 'The task types (id and name), for the task forms and filters',
        response: { ...errorResponses(400, 401, 403), 200: z.array(taskTypeSchema) },
      },
    },
    () => listTaskTypes(ctx),
  );

  app.get(
    '/api/agents',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'listAgents',
        tags: ['tasks'],
        summary:
          "Staff of the caller's country with counters O, E, A (admins may ask for another country with countryId)",
        querystring: z.object({ countryId: id(COMMON_MSG.invalidCountry).optional() }),
        response: { ...errorResponses(400, 401, 403), 200: z.array(agentSummarySchema) },
      },
    },
    (req) => listAgents(ctx, currentUser(req), { countryId: req.query.countryId }),
  );
};
