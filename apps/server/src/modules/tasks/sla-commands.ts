import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { clockMinutesBetween, type SlaPauseReason } from '@portal/shared';
import { tasks } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleTask, type TaskRecord } from './access.js';
import { recordTaskChange } from './audience.js';
import { MSG, activity } from './common.js';
import { slaColumnsFrom, taskSlaRule } from './sla.js';

/** Only the task's agent or an admin stops or restarts its clock (the flags are the call's, as every task command's). */
function assertMayPause(viewer: Viewer, t: TaskRecord) {
  if (viewer.role !== 'admin' && t.user_id !== viewer.id) throw forbidden();
}

/**
 * Stops an open task's service-level clock, with the reason. One transaction: the row is locked, and the
 * UPDATE is conditional on the task being open and running, so of two pauses at once exactly one wins
 * and the other gets 409. The running deadline is cleared (nothing to warn of while paused).
 */
export async function pauseTask(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number; reason: SlaPauseReason }) {
  const { taskId, reason } = input;
  await ctx.db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertMayPause(viewer, t);
    if (t.status !== 'offen') throw conflict(MSG.slaNotOpen);
    if (t.sla_paused_at !== null) throw conflict(MSG.slaAlreadyPaused);
    const at = now(ctx);
    const { cal, policy } = await taskSlaRule(tx, t);
    const cols = slaColumnsFrom(cal, policy, { ...t, sla_paused_at: at });
    const [paused] = await tx
      .update(tasks)
      .set({ ...cols, sla_paused_at: at, sla_pause_reason: reason, updated_at: at })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'offen'), isNull(tasks.sla_paused_at)))
      .returning({ id: tasks.id });
    if (!paused) throw conflict(MSG.slaAlreadyPaused);
    await activity(tx, taskId, viewer.id, 'sla_paused', { reason });
    await recordTaskChange(tx, taskId, t);
  });
}

/**
 * Lets a paused task's clock run again: the pause's minutes on the task's clock (business hours, or
 * every minute for an emergency) are added to its paused minutes, and its deadlines move that much
 * later. Conditional like the pause: of two resumes exactly one counts the pause.
 */
export async function resumeTask(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }) {
  const { taskId } = input;
  await ctx.db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertMayPause(viewer, t);
    if (t.status !== 'offen') throw conflict(MSG.slaNotOpen);
    if (t.sla_paused_at === null) throw conflict(MSG.slaNotPaused);
    const at = now(ctx);
    const { cal, policy } = await taskSlaRule(tx, t);
    const minutes = clockMinutesBetween(cal, policy.clock, t.sla_paused_at, at);
    const pausedMinutes = t.sla_paused_minutes + minutes;
    const cols = slaColumnsFrom(cal, policy, { ...t, sla_paused_at: null, sla_paused_minutes: pausedMinutes });
    const [resumed] = await tx
      .update(tasks)
      .set({ ...cols, sla_paused_at: null, sla_pause_reason: null, sla_paused_minutes: pausedMinutes, updated_at: at })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'offen'), isNotNull(tasks.sla_paused_at)))
      .returning({ id: tasks.id });
    if (!resumed) throw conflict(MSG.slaNotPaused);
    await activity(tx, taskId, viewer.id, 'sla_resumed', {
      reason: t.sla_pause_reason,
      minutes: Math.round(minutes),
    });
    await recordTaskChange(tx, taskId, t);
  });
}
