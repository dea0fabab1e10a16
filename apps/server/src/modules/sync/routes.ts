import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  SYNC_MSG,
  syncRunParamsSchema,
  syncRunSchema,
  syncRunsQuerySchema,
  syncStartResponseSchema,
  type SyncCountry,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { executeInBackground, stopRuns } from './background.js';
import { getRun, listRuns, startRun } from './runs.js';
import { errorResponses } from '../../platform/openapi.js';

/** The job name under which a started run is executed after the answer (app.backgroundJobs). */
export const SYNC_RUN_JOB = 'sync-run';

/** Customer synchronisation (backoffice.md "Customer synchronisation", issue 19): start, runs. */
export const syncRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Who may sync: the sidebar's rule (tasks flag, admins too), so screen and server agree.
  const access = staffWith('tasks');
  app.backgroundJobs.set(SYNC_RUN_JOB, (payload) =>
    executeInBackground({ ...ctx, log: app.log }, (payload as { runId: number }).runId),
  );
  app.addHook('onClose', () => stopRuns(ctx.db));

  for (const country of ['AT', 'EG'] as const satisfies SyncCountry[]) {
    app.post(
      `/sync/start-sync-${country.toLowerCase()}`,
      {
        config: { access },
        schema: {
          operationId: ({ AT: 'startSyncAt', EG: 'startSyncEg' } as const)[country],
          tags: ['sync'],
          summary: `Start a synchronisation of the ${country} customers in the background (409 while one is going)`,
          response: { ...errorResponses(400, 401, 403, 409), 202: syncStartResponseSchema },
        },
      },
      async (req, reply) => {
        const { runId } = await startRun(ctx, currentUser(req), { country, trigger: 'manual' });
        afterCommit.job(SYNC_RUN_JOB, { runId });
        return reply.code(202).send({ message: SYNC_MSG.started, runId });
      },
    );
  }

  app.get(
    '/sync/runs',
    {
      config: { access },
      schema: {
        operationId: 'listSyncRuns',
        tags: ['sync'],
        summary: 'The latest 20 runs of a country, newest first',
        querystring: syncRunsQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: z.array(syncRunSchema) },
      },
    },
    (req) => listRuns(ctx, currentUser(req), { country: req.query.country }),
  );

  app.get(
    '/sync/runs/:runId',
    {
      config: { access },
      schema: {
        operationId: 'getSyncRun',
        tags: ['sync'],
        summary: 'One run with its counts, errors (at most 100) and summary',
        params: syncRunParamsSchema,
        response: { ...errorResponses(400, 401, 403), 200: syncRunSchema, 404: messageSchema },
      },
    },
    (req) => getRun(ctx, currentUser(req), { runId: req.params.runId }),
  );
};
