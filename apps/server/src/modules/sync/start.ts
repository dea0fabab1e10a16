import { SYNC_MSG, type SyncCountry, said } from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { startRun } from './runs.js';

/** The job name under which a started run is executed after the answer (app.backgroundJobs). */
export const SYNC_RUN_JOB = 'sync-run';

/**
 * POST /sync/start-sync-at or -eg: queues a manual run of the country (409 while one is going), which the
 * job `SYNC_RUN_JOB` executes once the request's work is committed; answers 202 {message, runId}.
 */
export const startSync =
  (country: SyncCountry) =>
  async (ctx: ServiceCtx, viewer: Viewer): Promise<{ message: string; runId: number }> => {
    const { runId } = await startRun(ctx, viewer, { country, trigger: 'manual' });
    afterCommit.job(SYNC_RUN_JOB, { runId });
    return { ...said(SYNC_MSG.started), runId };
  };
