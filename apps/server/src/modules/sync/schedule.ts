import { and, desc, eq } from 'drizzle-orm';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { SYNC_COUNTRIES } from '@portal/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { syncRuns } from '../../db/schema/index.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import { HttpError } from '../../platform/errors.js';
import { executeInBackground } from './background.js';
import { failCutOffRuns, startRun } from './runs.js';

const MINUTE_MS = 60_000;

/**
 * Whether a cron occurrence fell due since the last scheduled run of the country (or, before the
 * first one, within the last minute): the scheduler asks every minute, so each occurrence starts one run.
 */
export function cronDue(expression: string, lastStart: Date | null, now: Date): boolean {
  const cron = new Cron(expression, { paused: true });
  try {
    const next = cron.nextRun(lastStart ?? new Date(now.getTime() - MINUTE_MS));
    return next !== null && next.getTime() <= now.getTime();
  } finally {
    cron.stop();
  }
}

/**
 * The sync's scheduled jobs: the check for runs cut off by a stopped server (at start and every
 * minute), and per country with SYNC_SCHEDULE_AT/EG the automatic run. The platform scheduler
 * gives each minute's slot to one process; the one-running-run index keeps a scheduled run from
 * overlapping a manual one.
 */
export function syncScheduledJobs(d: { database: Database; config: Config; log: FastifyBaseLogger }): ScheduledJob[] {
  const { database, config, log } = d;
  const db = database.db;
  let first = true;
  const jobs: ScheduledJob[] = [
    {
      name: 'sync-cut-off-runs',
      lock: 'syncCutOff',
      everyMs: MINUTE_MS,
      atStart: true,
      run: async () => {
        // The embedded database has one process: at its start, every running run was cut off.
        const all = first && database.kind === 'pglite';
        first = false;
        const n = await failCutOffRuns(db, { all });
        if (n) log.warn({ runs: n }, 'customer sync runs cut off by a stopped server marked failed');
      },
    },
  ];
  for (const country of SYNC_COUNTRIES) {
    const expression = config.sync[country].schedule;
    if (!expression) continue;
    jobs.push({
      name: `sync-schedule-${country}`,
      lock: country === 'AT' ? 'syncScheduleAT' : 'syncScheduleEG',
      everyMs: MINUTE_MS,
      run: async () => {
        const [last] = await db
          .select({ started_at: syncRuns.started_at })
          .from(syncRuns)
          .where(and(eq(syncRuns.country, country), eq(syncRuns.trigger, 'schedule')))
          .orderBy(desc(syncRuns.id))
          .limit(1);
        if (!cronDue(expression, last?.started_at ?? null, new Date())) return;
        let runId: number;
        try {
          ({ runId } = await startRun({ db, config }, null, { country, trigger: 'schedule' }));
        } catch (e) {
          // A manual run is going: this occurrence is skipped.
          if (e instanceof HttpError && e.statusCode === 409) return;
          throw e;
        }
        await executeInBackground({ db, config, log }, runId);
      },
    });
  }
  return jobs;
}
