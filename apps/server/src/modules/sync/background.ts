import type { Db, DbOrTx } from '../../db/client.js';
import { executeRun, type SyncRunCtx } from './execute.js';

/**
 * Runs executing in this process, per database, so the server's close can stop them: an aborted
 * run records itself failed ("der Server wurde beendet") before the database closes.
 */
const active = new WeakMap<object, Map<number, { controller: AbortController; done: Promise<void> }>>();

function registry(db: DbOrTx) {
  let m = active.get(db);
  if (!m) active.set(db, (m = new Map()));
  return m;
}

/** Executes the run here and now (resolves when it ended, whatever the outcome). */
export async function executeInBackground(ctx: SyncRunCtx, runId: number): Promise<void> {
  const runs = registry(ctx.db);
  const controller = new AbortController();
  const done = executeRun(ctx, { runId, signal: controller.signal });
  runs.set(runId, { controller, done });
  try {
    await done;
  } finally {
    runs.delete(runId);
  }
}

/** Aborts this process's runs on the database and waits until each has recorded its end. */
export async function stopRuns(db: Db): Promise<void> {
  const runs = [...registry(db).values()];
  for (const r of runs) r.controller.abort();
  await Promise.allSettled(runs.map((r) => r.done));
}
