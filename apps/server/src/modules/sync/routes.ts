import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { executeInBackground, stopRuns } from './background.js';
import { getRun, listRuns } from './runs.js';
import { startSync, SYNC_RUN_JOB } from './start.js';

/**
 * Customer synchronisation (declared in packages/shared/src/contracts/sync.ts): a start queues a run
 * that the background job executes after the answer; the runs are read while it goes.
 */
export const syncRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.backgroundJobs.set(SYNC_RUN_JOB, (payload) =>
    executeInBackground({ ...ctx, log: app.log }, (payload as { runId: number }).runId),
  );
  app.addHook('onClose', () => stopRuns(ctx.db));

  serve(app, ctx, calls.startSyncAt, startSync('AT'));
  serve(app, ctx, calls.startSyncEg, startSync('EG'));
  serve(app, ctx, calls.listSyncRuns, listRuns);
  serve(app, ctx, calls.getSyncRun, getRun);
};
