import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  TASK_BILLING_MSG as M,
  TASK_TYPE,
  emergencyAmounts,
  minutesOfSpan,
  said,
  type TaskTime,
  type TaskTimeEntry,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { taskTimeEntries, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { conflict, fieldErrors, forbidden, invalidInput } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleTask, type TaskRecord } from './access.js';
import { iso } from './common.js';

/*
 * Time on an emergency task (issue 31): finished entries and one running entry per task, kept on the
 * server. Every write locks the task row first, so two writes on one task run one after the other and
 * the overlap check of the second sees the first: entries of a task never overlap.
 */

type EntryRow = typeof taskTimeEntries.$inferSelect & { user_name: string | null };

/**
 * The task locked for a time write: visible to the viewer (404/403), theirs or the viewer an admin
 * (403), an emergency (409) and not closed (409).
 */
async function lockForTime(tx: DbOrTx, viewer: Viewer, taskId: number): Promise<TaskRecord> {
  const t = await loadVisibleTask(tx, viewer, taskId, true);
  if (viewer.role !== 'admin' && t.user_id !== viewer.id) throw forbidden(M.notYourTask);
  if (t.typ !== TASK_TYPE.emergency) throw conflict(M.notEmergency);
  if (t.status === 'abgeschlossen') throw conflict(M.taskClosed);
  return t;
}

/** Whether [from, to) meets another entry of the task (a running one reaches into the future). */
async function overlaps(tx: DbOrTx, taskId: number, from: Date, to: Date | null): Promise<boolean> {
  const [hit] = await tx
    .select({ id: taskTimeEntries.id })
    .from(taskTimeEntries)
    .where(
      and(
        eq(taskTimeEntries.task_id, taskId),
        to ? lt(taskTimeEntries.started_at, to) : undefined,
        or(isNull(taskTimeEntries.ended_at), gt(taskTimeEntries.ended_at, from)),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

const shapeEntry = (e: EntryRow): TaskTimeEntry => ({
  id: e.id,
  started_at: iso(e.started_at),
  ended_at: e.ended_at ? iso(e.ended_at) : null,
  minutes: e.ended_at ? minutesOfSpan(e.ended_at.getTime() - e.started_at.getTime()) : null,
  note: e.note,
  user_id: e.user_id,
  user_name: e.user_name,
});

export async function entriesOf(db: DbOrTx, taskId: number): Promise<EntryRow[]> {
  return db
    .select({
      id: taskTimeEntries.id,
      task_id: taskTimeEntries.task_id,
      user_id: taskTimeEntries.user_id,
      started_at: taskTimeEntries.started_at,
      ended_at: taskTimeEntries.ended_at,
      note: taskTimeEntries.note,
      created_at: taskTimeEntries.created_at,
      user_name: users.name,
    })
    .from(taskTimeEntries)
    .leftJoin(users, eq(users.id, taskTimeEntries.user_id))
    .where(eq(taskTimeEntries.task_id, taskId))
    .orderBy(asc(taskTimeEntries.started_at), asc(taskTimeEntries.id));
}

/** The finished entries' minutes: their spans added, a started minute counting as a whole one. */
export const totalMinutesOf = (entries: readonly { started_at: Date; ended_at: Date | null }[]): number =>
  minutesOfSpan(entries.reduce((ms, e) => ms + (e.ended_at ? e.ended_at.getTime() - e.started_at.getTime() : 0), 0));

async function timeOf(db: DbOrTx, taskId: number): Promise<TaskTime> {
  const entries = await entriesOf(db, taskId);
  const totalMinutes = totalMinutesOf(entries);
  const running = entries.find((e) => e.ended_at === null);
  return {
    taskId,
    entries: entries.map(shapeEntry),
    totalMinutes,
    ...emergencyAmounts(totalMinutes),
    running: running ? shapeEntry(running) : null,
  };
}

/** GET /api/task-time/{taskId}: whoever may see the task reads its time. */
export async function getTaskTime(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }): Promise<TaskTime> {
  await loadVisibleTask(ctx.db, viewer, input.taskId);
  return timeOf(ctx.db, input.taskId);
}

/** POST /api/task-time: one finished entry, not in the future, overlapping none of the task's. */
export async function recordTaskTime(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { taskID: number; started_at: string; ended_at: string; note?: string },
) {
  const from = new Date(input.started_at);
  const to = new Date(input.ended_at);
  if (to.getTime() > now(ctx).getTime())
    throw invalidInput(fieldErrors([{ path: 'ended_at', message: M.endInFuture.code }]));
  return ctx.db.transaction(async (tx) => {
    await lockForTime(tx, viewer, input.taskID);
    if (await overlaps(tx, input.taskID, from, to)) throw conflict(M.overlap);
    await tx
      .insert(taskTimeEntries)
      .values({ task_id: input.taskID, user_id: viewer.id, started_at: from, ended_at: to, note: input.note ?? '' });
    return { ...said(M.recorded), ...(await timeOf(tx, input.taskID)) };
  });
}

/** POST /api/task-time/start: a running entry from now on (one per task; the unique index backs the lock). */
export async function startTaskTime(ctx: ServiceCtx, viewer: Viewer, input: { taskID: number; note?: string }) {
  const at = now(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockForTime(tx, viewer, input.taskID);
      const [running] = await tx
        .select({ id: taskTimeEntries.id })
        .from(taskTimeEntries)
        .where(and(eq(taskTimeEntries.task_id, input.taskID), isNull(taskTimeEntries.ended_at)));
      if (running) throw conflict(M.alreadyRunning);
      if (await overlaps(tx, input.taskID, at, null)) throw conflict(M.overlap);
      await tx
        .insert(taskTimeEntries)
        .values({ task_id: input.taskID, user_id: viewer.id, started_at: at, note: input.note ?? '' });
      return { ...said(M.started), ...(await timeOf(tx, input.taskID)) };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.alreadyRunning);
    throw e;
  }
}

/**
 * Ends the task's running entry at `at` (the stop, or the task's close): an entry of less than a
 * second records nothing and is removed. Returns whether one was running.
 */
export async function endRunningEntry(tx: DbOrTx, taskId: number, at: Date): Promise<boolean> {
  const ended = await tx
    .update(taskTimeEntries)
    .set({ ended_at: at })
    .where(
      and(
        eq(taskTimeEntries.task_id, taskId),
        isNull(taskTimeEntries.ended_at),
        sql`${taskTimeEntries.started_at} <= ${at.toISOString()}::timestamptz - interval '1 second'`,
      ),
    )
    .returning({ id: taskTimeEntries.id });
  const dropped = await tx
    .delete(taskTimeEntries)
    .where(and(eq(taskTimeEntries.task_id, taskId), isNull(taskTimeEntries.ended_at)))
    .returning({ id: taskTimeEntries.id });
  return ended.length + dropped.length > 0;
}

/** POST /api/task-time/stop: the running entry ends now. */
export async function stopTaskTime(ctx: ServiceCtx, viewer: Viewer, input: { taskID: number }) {
  return ctx.db.transaction(async (tx) => {
    await lockForTime(tx, viewer, input.taskID);
    if (!(await endRunningEntry(tx, input.taskID, now(ctx)))) throw conflict(M.notRunning);
    return { ...said(M.stopped), ...(await timeOf(tx, input.taskID)) };
  });
}
