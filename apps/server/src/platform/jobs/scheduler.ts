import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { jobSchedule } from '../../db/schema/index.js';
import { LOCKS, type LockName } from './locks.js';

/**
 * Scheduled work of a cluster of server processes on one database.
 *
 * Decision: no job library. pg-boss and graphile-worker need a real PostgreSQL server (several
 * connections, LISTEN/NOTIFY between processes); the embedded PGlite is one connection in one
 * process, and the portal must run on both. What scheduled work needs here is small: "every N
 * minutes, once per cluster, never two runs at once". Two database features give exactly that on
 * both databases:
 * - a slot claim: `update job_schedule set next_run_at = now + every where name = … and
 *   next_run_at <= now`: of all processes that see the job due, one UPDATE wins the slot (row lock),
 *   so a job runs once per slot however many processes there are;
 * - the job's advisory lock (LOCKS) around the run, so a run longer than its interval is not
 *   overlapped by the next slot on another process.
 * Work that must happen after a request's commit goes through the unit of work instead (`afterCommit.job`).
 */
export interface ScheduledJob {
  /** Row name in job_schedule; stable across releases. */
  name: string;
  lock: LockName;
  everyMs: number;
  /** Also run right at start (rather than one interval later). */
  atStart?: boolean;
  run(): Promise<void>;
}

/**
 * Runs the job when its slot is due and no other process runs it; answers whether it ran here.
 * The slot moves forward before the run, so a run that fails is tried again at the next slot, not at once.
 */
export async function runIfDue(database: Database, job: ScheduledJob, now = new Date()): Promise<boolean> {
  const { db } = database;
  let ran = false;
  await database.tryLock(LOCKS[job.lock], async () => {
    await db.insert(jobSchedule).values({ name: job.name, next_run_at: now }).onConflictDoNothing();
    const claimed = await db
      .update(jobSchedule)
      .set({ next_run_at: new Date(now.getTime() + job.everyMs), last_started_at: now })
      .where(and(eq(jobSchedule.name, job.name), lte(jobSchedule.next_run_at, now)))
      .returning({ name: jobSchedule.name });
    if (!claimed.length) return;
    ran = true;
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      throw err;
    } finally {
      await db
        .update(jobSchedule)
        .set({ last_finished_at: sql`now()`, last_error: error })
        .where(eq(jobSchedule.name, job.name));
    }
  });
  return ran;
}

/** A process looks for due jobs this often; a job's own interval decides whether it runs. */
export const TICK_MS = 30_000;

/**
 * Starts the process's scheduler: every tick each job runs if due. Returns stop(), which ends the
 * ticks and waits for runs under way.
 */
export function startScheduler(
  database: Database,
  jobs: readonly ScheduledJob[],
  log: FastifyBaseLogger,
  opts: { tickMs?: number; jobRan?: (job: string, ok: boolean) => void } = {},
): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  const tick = (onlyAtStart: boolean) => {
    for (const job of jobs) {
      if (onlyAtStart && !job.atStart) continue;
      if (busy.has(job.name)) continue;
      busy.add(job.name);
      // At start a job with atStart runs regardless of its slot (e.g. mails queued while the process was down).
      const p = (onlyAtStart ? runNow(database, job) : runIfDue(database, job))
        .then((ran) => ran && opts.jobRan?.(job.name, true))
        .catch((err: unknown) => {
          opts.jobRan?.(job.name, false);
          log.error({ err, job: job.name }, 'scheduled job failed');
        })
        .finally(() => {
          busy.delete(job.name);
          running.delete(p);
        });
      running.add(p);
    }
  };
  tick(true);
  const timer = setInterval(() => tick(false), opts.tickMs ?? TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}

/**
 * Runs the job now under its lock (skipped when another process runs it), without claiming a slot;
 * answers whether it ran here.
 */
function runNow(database: Database, job: ScheduledJob): Promise<boolean> {
  return database.tryLock(LOCKS[job.lock], () => job.run());
}
