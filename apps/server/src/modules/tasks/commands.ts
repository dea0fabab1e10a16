import { and, eq, isNull } from 'drizzle-orm';
import { helpRequests, taskFiles, tasks, taskNotes, taskTypes } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import type { StagedFile } from '../../platform/uploads.js';
import { notify } from '../notifications/index.js';
import { loadVisibleTask, MSG_TASK_NOT_FOUND, type TaskRecord } from './access.js';
import { countryStaffMember, recordTaskChange } from './audience.js';
import { MSG, activity, assertNoAudit, assertOpen, iso } from './common.js';
import { withStoredFiles, type FilesCtx } from './files.js';
import { findRow } from './queries.js';
import { afterStaffAction } from './sla.js';
import { slaColumnsForNewTask } from '../service-levels/index.js';

export interface CreateTaskData {
  titel: string;
  beschreibung: string;
  frist: Date;
  typ: number;
  userID: number;
  kundennummer: string;
  firma?: string;
}

export async function createTask(ctx: FilesCtx, viewer: Viewer, input: CreateTaskData & { files: StagedFile[] }) {
  return withStoredFiles(ctx, 'tasks', input.files, async (tx, files) => {
    const [type] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.id, input.typ));
    if (!type) throw badRequest(MSG.unknownType);
    const countryId = viewer.country_id ?? 1;
    const assignee = await countryStaffMember(tx, input.userID, countryId);
    const erstellt_am = now(ctx);
    const sla = await slaColumnsForNewTask(tx, { country_id: countryId, typ: input.typ, erstellt_am, frist: input.frist });
    const [created] = await tx
      .insert(tasks)
      .values({
        ...sla,
        erstellt_am,
        titel: input.titel,
        beschreibung: input.beschreibung,
        frist: input.frist,
        typ: input.typ,
        country_id: countryId,
        user_id: assignee.id,
        created_by_userid: viewer.id,
        kundennummer: input.kundennummer,
        firma: input.firma || null,
      })
      .returning({ id: tasks.id });
    const taskId = created!.id;
    if (files.length)
      await tx.insert(taskFiles).values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: viewer.id })));
    await activity(tx, taskId, viewer.id, 'created', { assigned_to: assignee.id, files: files.length });
    await recordTaskChange(tx, taskId);
    await notify(tx, {
      recipients: [assignee.id],
      actorId: viewer.id,
      type: 'task_assigned',
      params: { kind: 'assigned', id: taskId, name: viewer.name, titel: input.titel },
      taskId,
      priority: 'medium',
    });
    return taskId;
  });
}

export async function addNote(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number; notiz: string }) {
  const { taskId, notiz } = input;
  return ctx.db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertOpen(t, MSG.noteClosed);
    const at = now(ctx);
    const [note] = await tx.insert(taskNotes).values({ task_id: taskId, notiz, user_id: viewer.id }).returning();
    await tx.update(tasks).set({ updated_at: at }).where(eq(tasks.id, taskId));
    // The first note by staff is the task's first response: its running deadline becomes the resolution's.
    if (t.sla_responded_at === null) await afterStaffAction(tx, t, at);
    await activity(tx, taskId, viewer.id, 'note_added', { note_id: note!.id });
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'note_added',
      params: { kind: 'note', id: taskId, name: viewer.name },
      taskId,
      priority: 'low',
    });
    return { id: note!.id, notiz: note!.notiz, agent_name: viewer.name, erstellt_am: iso(note!.erstellt_am) };
  });
}

export async function switchAgent(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number; newAgentId: number }) {
  const { taskId, newAgentId } = input;
  await ctx.db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertNoAudit(t);
    const next = await countryStaffMember(tx, newAgentId, t.country_id);
    if (t.user_id === next.id) return;
    await tx
      .update(tasks)
      .set({ user_id: next.id, updated_at: now(ctx) })
      .where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'agent_switched', { from: t.user_id, to: next.id });
    await recordTaskChange(tx, taskId, t);
    await notify(tx, {
      recipients: [next.id],
      actorId: viewer.id,
      type: 'task_assigned',
      params: { kind: 'handedOver', id: taskId, name: viewer.name, titel: t.titel },
      taskId,
      priority: 'medium',
    });
  });
}

export async function requestAssist(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { taskId: number; agentId: number; comment: string },
) {
  const { taskId, agentId, comment } = input;
  try {
    await ctx.db.transaction(async (tx) => {
      const t = await loadVisibleTask(tx, viewer, taskId, true);
      assertNoAudit(t);
      const helper = await countryStaffMember(tx, agentId, t.country_id);
      const [existing] = await tx
        .select({ id: helpRequests.id })
        .from(helpRequests)
        .where(eq(helpRequests.task_id, taskId));
      if (existing) throw conflict(MSG.helpExists);
      await tx.insert(helpRequests).values({ task_id: taskId, requested_by: viewer.id, agent_id: helper.id, comment });
      await tx
        .update(tasks)
        .set({ requested_user_id: helper.id, updated_at: now(ctx) })
        .where(eq(tasks.id, taskId));
      await activity(tx, taskId, viewer.id, 'assist_requested', { agent: helper.id });
      await recordTaskChange(tx, taskId, t);
      await notify(tx, {
        recipients: [helper.id],
        actorId: viewer.id,
        type: 'assist_request',
        params: { kind: 'help', id: taskId, name: viewer.name, comment: comment.slice(0, 200) },
        taskId,
        priority: 'high',
      });
    });
  } catch (e) {
    // Two requests at the same moment: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(e)) throw conflict(MSG.helpExists);
    throw e;
  }
}

/**
 * Takes an unassigned task: one conditional UPDATE, so of two agents claiming at once exactly one
 * wins and the other gets 409. A task of another country is 404 for an agent (admins: any country).
 */
export async function claimTask(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }) {
  const { taskId } = input;
  return ctx.db.transaction(async (tx) => {
    const sameCountry = viewer.role === 'admin' ? undefined : eq(tasks.country_id, viewer.country_id ?? -1);
    const [claimed] = await tx
      .update(tasks)
      .set({ user_id: viewer.id, updated_at: now(ctx) })
      .where(and(eq(tasks.id, taskId), isNull(tasks.user_id), sameCountry))
      .returning({ id: tasks.id, country_id: tasks.country_id });
    if (!claimed) {
      const [t] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), sameCountry));
      if (!t) throw notFound(MSG_TASK_NOT_FOUND);
      throw conflict(MSG.alreadyClaimed);
    }
    await activity(tx, taskId, viewer.id, 'claimed', { agent: viewer.id });
    await recordTaskChange(tx, taskId, {
      user_id: null,
      created_by_userid: null,
      requested_user_id: null,
      country_id: claimed.country_id,
    });
    return (await findRow(tx, taskId, now(ctx)))!;
  });
}

/** offen -> erledigt (done) and erledigt -> offen (reopen, while no audit). Anything else is refused. */
export async function setStatus(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { taskId: number; status: TaskRecord['status'] },
) {
  const { taskId, status } = input;
  await ctx.db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    const at = now(ctx);
    if (t.status === 'offen' && status === 'erledigt') {
      await tx.update(tasks).set({ status, erledigt_am: at, updated_at: at }).where(eq(tasks.id, taskId));
    } else if (t.status === 'erledigt' && status === 'offen' && !t.has_audit) {
      await tx.update(tasks).set({ status, erledigt_am: null, updated_at: at }).where(eq(tasks.id, taskId));
    } else {
      throw conflict(MSG.badMove);
    }
    // A status change is a response too; a finished task has no running deadline, a reopened one again.
    await afterStaffAction(tx, { ...t, status }, at);
    await activity(tx, taskId, viewer.id, 'status_changed', { from: t.status, to: status });
    await recordTaskChange(tx, taskId, t);
  });
}
