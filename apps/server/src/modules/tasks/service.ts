import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AgentSummary, Audit, TaskDetailResponse } from '@portal/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  auditFiles,
  audits,
  helpRequests,
  roles,
  taskActivity,
  taskConversations,
  taskFiles,
  taskMessages,
  taskNotes,
  tasks,
  taskTypes,
  users,
} from '../../db/schema/index.js';
import type { SessionUser } from '../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { storeFiles, type StagedFile, type UploadLimits } from '../../platform/uploads.js';
import { notify } from '../notifications/service.js';
import { queueMail } from '../../platform/mail.js';
import { loadVisibleTask, MSG_ALREADY_CLAIMED, MSG_TASK_NOT_FOUND, type TaskRecord } from './access.js';
import { countryStaffMember, countryTaskStaff, recordTaskChange } from './audience.js';
import { findRow } from './queries.js';

export const MSG = {
  uploadClosed: 'Für erledigte oder abgeschlossene Aufgaben sind keine Uploads möglich.',
  noteClosed: 'Für erledigte oder abgeschlossene Aufgaben können keine Notizen hinzugefügt werden.',
  helpExists: 'Für diese Aufgabe gibt es bereits eine Hilfeanfrage.',
  badMove: 'Diese Statusänderung ist nicht möglich.',
  auditNotAllowed: 'Ein Audit ist nur für erledigte Aufgaben ohne Audit möglich.',
  alreadyClaimed: MSG_ALREADY_CLAIMED,
  unknownType: 'Unbekannter Aufgabentyp',
  noFiles: 'Bitte mindestens eine Datei auswählen.',
  auditLocked: 'Nach dem Audit ist diese Aktion nicht mehr möglich.',
} as const;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

async function activity(
  tx: DbOrTx,
  taskId: number,
  userId: number | null,
  action: string,
  detail?: Record<string, unknown>,
) {
  await tx.insert(taskActivity).values({ task_id: taskId, user_id: userId, action, detail: detail ?? null });
}

export const listTaskTypes = (db: Db) =>
  db
    .select({ id: taskTypes.id, tasktype: taskTypes.tasktype, description: taskTypes.description })
    .from(taskTypes)
    .orderBy(asc(taskTypes.id));

/** Staff of a country with their open, done and closed counts: one grouped query. */
export async function listAgents(db: Db, countryId: number): Promise<AgentSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      O: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'offen')::int`,
      E: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'erledigt')::int`,
      A: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'abgeschlossen')::int`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(tasks, and(eq(tasks.user_id, users.id), eq(tasks.country_id, countryId)))
    .where(and(eq(users.country_id, countryId), eq(users.active, true), inArray(roles.role_name, ['admin', 'agent'])))
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name));
  return rows;
}

export async function taskDetail(db: Db, viewer: SessionUser, taskId: number): Promise<TaskDetailResponse> {
  const t = await loadVisibleTask(db, viewer, taskId);
  const creator = users;
  const [row, [extra], files, conversations, messages, notes] = await Promise.all([
    findRow(db, taskId),
    db
      .select({
        created_by_name: creator.name,
        help: {
          agent_id: helpRequests.agent_id,
          comment: helpRequests.comment,
          created_at: helpRequests.created_at,
          requested_by: helpRequests.requested_by,
        },
      })
      .from(tasks)
      .leftJoin(creator, eq(creator.id, tasks.created_by_userid))
      .leftJoin(helpRequests, eq(helpRequests.task_id, tasks.id))
      .where(eq(tasks.id, taskId)),
    db
      .select({
        id: taskFiles.id,
        datei_name: taskFiles.datei_name,
        original_name: taskFiles.original_name,
        mime: taskFiles.mime,
        size: taskFiles.size,
        uploaded_by_name: users.name,
        created_at: taskFiles.created_at,
      })
      .from(taskFiles)
      .leftJoin(users, eq(users.id, taskFiles.uploaded_by))
      .where(eq(taskFiles.task_id, taskId))
      .orderBy(asc(taskFiles.id)),
    db.select().from(taskConversations).where(eq(taskConversations.task_id, taskId)).orderBy(asc(taskConversations.id)),
    db.select().from(taskMessages).where(eq(taskMessages.task_id, taskId)).orderBy(asc(taskMessages.id)),
    db
      .select({ id: taskNotes.id, notiz: taskNotes.notiz, agent_name: users.name, erstellt_am: taskNotes.erstellt_am })
      .from(taskNotes)
      .innerJoin(users, eq(users.id, taskNotes.user_id))
      .where(eq(taskNotes.task_id, taskId))
      .orderBy(asc(taskNotes.id)),
  ]);
  let help_request: TaskDetailResponse['taskDetails']['help_request'] = null;
  if (extra?.help?.agent_id) {
    const names = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [extra.help.agent_id, extra.help.requested_by!]));
    const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? '';
    help_request = {
      agent_id: extra.help.agent_id,
      agent_name: nameOf(extra.help.agent_id),
      requested_by_name: nameOf(extra.help.requested_by!),
      comment: extra.help.comment!,
      created_at: iso(extra.help.created_at!),
    };
  }
  return {
    taskDetails: {
      ...row!,
      kontaktperson: t.kontaktperson,
      plz: t.plz,
      ort: t.ort,
      adresse: t.adresse,
      email: t.email,
      telefon_firma: t.telefon_firma,
      telefon_privat: t.telefon_privat,
      telefon_mobil: t.telefon_mobil,
      uid: t.uid,
      created_by_name: extra?.created_by_name ?? null,
      help_request,
    },
    taskFiles: files.map((f) => ({ ...f, created_at: iso(f.created_at) })),
    conversations: conversations.map((c) => ({
      id: c.id,
      subject: c.subject,
      content: c.content,
      agent_name: c.agent_name,
      recipient: c.recipient,
      created_at: iso(c.created_at),
    })),
    messages: messages.map((m) => ({ id: m.id, content: m.content, created_at: iso(m.created_at) })),
    notes: notes.map((n) => ({ ...n, erstellt_am: iso(n.erstellt_am) })),
  };
}

export async function listNotes(db: Db, viewer: SessionUser, taskId: number) {
  await loadVisibleTask(db, viewer, taskId);
  const notes = await db
    .select({ id: taskNotes.id, notiz: taskNotes.notiz, agent_name: users.name, erstellt_am: taskNotes.erstellt_am })
    .from(taskNotes)
    .innerJoin(users, eq(users.id, taskNotes.user_id))
    .where(eq(taskNotes.task_id, taskId))
    .orderBy(asc(taskNotes.id));
  return notes.map((n) => ({ ...n, erstellt_am: iso(n.erstellt_am) }));
}

/**
 * Runs `fn` in a transaction with files moved to their final names first; when the transaction
 * fails the files are removed again, so a file row never exists without its bytes or the reverse.
 */
async function withStoredFiles<T>(
  db: Db,
  limits: UploadLimits,
  area: 'tasks' | 'audits',
  staged: StagedFile[],
  fn: (tx: Tx, files: Awaited<ReturnType<typeof storeFiles>>['files']) => Promise<T>,
): Promise<T> {
  const stored = await storeFiles(limits, area, staged);
  try {
    return await db.transaction((tx) => fn(tx, stored.files));
  } catch (e) {
    await stored.remove();
    throw e;
  }
}

export interface CreateTaskData {
  titel: string;
  beschreibung: string;
  frist: Date;
  typ: number;
  userID: number;
  kundennummer: string;
  firma?: string;
}

export async function createTask(
  db: Db,
  limits: UploadLimits,
  viewer: SessionUser,
  input: CreateTaskData,
  staged: StagedFile[],
) {
  return withStoredFiles(db, limits, 'tasks', staged, async (tx, files) => {
    const [type] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.id, input.typ));
    if (!type) throw badRequest(MSG.unknownType);
    const countryId = viewer.country_id ?? 1;
    const assignee = await countryStaffMember(tx, input.userID, countryId);
    const [created] = await tx
      .insert(tasks)
      .values({
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
      title: 'Neue Aufgabe zugewiesen',
      message: `${viewer.name} hat Ihnen die Aufgabe #${taskId} „${input.titel}“ zugewiesen.`,
      taskId,
      priority: 'medium',
    });
    return taskId;
  });
}

function assertOpen(t: TaskRecord, message: string) {
  if (t.status !== 'offen') throw conflict(message);
}

export async function uploadFiles(
  db: Db,
  limits: UploadLimits,
  viewer: SessionUser,
  taskId: number,
  staged: StagedFile[],
) {
  if (staged.length === 0) throw badRequest(MSG.noFiles);
  return withStoredFiles(db, limits, 'tasks', staged, async (tx, files) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertOpen(t, MSG.uploadClosed);
    const rows = await tx
      .insert(taskFiles)
      .values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: viewer.id })))
      .returning();
    await tx.update(tasks).set({ updated_at: new Date() }).where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'files_uploaded', { files: rows.map((r) => r.original_name) });
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'files_uploaded',
      title: 'Neue Dateien',
      message: `${viewer.name} hat ${rows.length} Datei(en) zu Aufgabe #${taskId} hochgeladen.`,
      taskId,
      priority: 'low',
    });
    return rows.map((r) => ({
      id: r.id,
      datei_name: r.datei_name,
      original_name: r.original_name,
      mime: r.mime,
      size: r.size,
      uploaded_by_name: viewer.name,
      created_at: iso(r.created_at),
    }));
  });
}

export async function addNote(db: Db, viewer: SessionUser, taskId: number, notiz: string) {
  return db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertOpen(t, MSG.noteClosed);
    const [note] = await tx.insert(taskNotes).values({ task_id: taskId, notiz, user_id: viewer.id }).returning();
    await tx.update(tasks).set({ updated_at: new Date() }).where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'note_added', { note_id: note!.id });
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'note_added',
      title: 'Neue Notiz',
      message: `${viewer.name} hat eine Notiz zu Aufgabe #${taskId} hinzugefügt.`,
      taskId,
      priority: 'low',
    });
    return { id: note!.id, notiz: note!.notiz, agent_name: viewer.name, erstellt_am: iso(note!.erstellt_am) };
  });
}

function assertNoAudit(t: TaskRecord) {
  if (t.has_audit) throw conflict(MSG.auditLocked);
}

export async function switchAgent(db: Db, viewer: SessionUser, taskId: number, newAgentId: number) {
  await db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertNoAudit(t);
    const next = await countryStaffMember(tx, newAgentId, t.country_id);
    if (t.user_id === next.id) return;
    await tx.update(tasks).set({ user_id: next.id, updated_at: new Date() }).where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'agent_switched', { from: t.user_id, to: next.id });
    await recordTaskChange(tx, taskId, t);
    await notify(tx, {
      recipients: [next.id],
      actorId: viewer.id,
      type: 'task_assigned',
      title: 'Aufgabe übergeben',
      message: `${viewer.name} hat Ihnen die Aufgabe #${taskId} „${t.titel}“ übergeben.`,
      taskId,
      priority: 'medium',
    });
  });
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export async function requestAssist(db: Db, viewer: SessionUser, taskId: number, agentId: number, comment: string) {
  try {
    await db.transaction(async (tx) => {
      const t = await loadVisibleTask(tx, viewer, taskId, true);
      assertNoAudit(t);
      const helper = await countryStaffMember(tx, agentId, t.country_id);
      const [existing] = await tx
        .select({ id: helpRequests.id })
        .from(helpRequests)
        .where(eq(helpRequests.task_id, taskId));
      if (existing) throw conflict(MSG.helpExists);
      await tx.insert(helpRequests).values({ task_id: taskId, requested_by: viewer.id, agent_id: helper.id, comment });
      await tx.update(tasks).set({ requested_user_id: helper.id, updated_at: new Date() }).where(eq(tasks.id, taskId));
      await activity(tx, taskId, viewer.id, 'assist_requested', { agent: helper.id });
      await recordTaskChange(tx, taskId, t);
      await notify(tx, {
        recipients: [helper.id],
        actorId: viewer.id,
        type: 'assist_request',
        title: 'Hilfe angefragt',
        message: `${viewer.name} bittet Sie um Hilfe bei Aufgabe #${taskId}: ${comment.slice(0, 200)}`,
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
export async function claimTask(db: Db, viewer: SessionUser, taskId: number) {
  return db.transaction(async (tx) => {
    const sameCountry = viewer.role === 'admin' ? undefined : eq(tasks.country_id, viewer.country_id ?? -1);
    const [claimed] = await tx
      .update(tasks)
      .set({ user_id: viewer.id, updated_at: new Date() })
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
    return (await findRow(tx, taskId))!;
  });
}

/** offen -> erledigt (done) and erledigt -> offen (reopen, while no audit). Anything else is refused. */
export async function setStatus(db: Db, viewer: SessionUser, taskId: number, status: TaskRecord['status']) {
  await db.transaction(async (tx) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    const now = new Date();
    if (t.status === 'offen' && status === 'erledigt') {
      await tx.update(tasks).set({ status, erledigt_am: now, updated_at: now }).where(eq(tasks.id, taskId));
    } else if (t.status === 'erledigt' && status === 'offen' && !t.has_audit) {
      await tx.update(tasks).set({ status, erledigt_am: null, updated_at: now }).where(eq(tasks.id, taskId));
    } else {
      throw conflict(MSG.badMove);
    }
    await activity(tx, taskId, viewer.id, 'status_changed', { from: t.status, to: status });
    await recordTaskChange(tx, taskId, t);
  });
}

export interface AuditData {
  description: string;
  contacted: boolean;
  reason?: string;
}

/** Stores the audit with its files and closes the task (erledigt -> abgeschlossen), in one transaction. */
export async function submitAudit(
  db: Db,
  limits: UploadLimits,
  viewer: SessionUser,
  taskId: number,
  input: AuditData,
  staged: StagedFile[],
) {
  return withStoredFiles(db, limits, 'audits', staged, async (tx, files) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    if (t.status !== 'erledigt' || t.has_audit) throw conflict(MSG.auditNotAllowed);
    const [audit] = await tx
      .insert(audits)
      .values({
        task_id: taskId,
        created_by: viewer.id,
        contacted: input.contacted,
        description: input.description,
        reason: input.reason || null,
      })
      .returning({ id: audits.id });
    if (files.length) await tx.insert(auditFiles).values(files.map((f) => ({ ...f, audit_id: audit!.id })));
    const now = new Date();
    await tx
      .update(tasks)
      .set({ status: 'abgeschlossen', abgeschlossen_am: now, has_audit: true, updated_at: now })
      .where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'audit_submitted', { audit_id: audit!.id, files: files.length });
    await recordTaskChange(tx, taskId, t);
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'audit_submitted',
      title: 'Audit eingereicht',
      message: `${viewer.name} hat das Audit zu Aufgabe #${taskId} eingereicht; die Aufgabe ist abgeschlossen.`,
      taskId,
      priority: 'low',
    });
    return audit!.id;
  });
}

export async function findAudit(db: Db, viewer: SessionUser, taskId: number): Promise<Audit | null> {
  await loadVisibleTask(db, viewer, taskId);
  const [a] = await db
    .select({ audit: audits, created_by_name: users.name })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.created_by))
    .where(eq(audits.task_id, taskId));
  if (!a) return null;
  const files = await db
    .select()
    .from(auditFiles)
    .where(eq(auditFiles.audit_id, a.audit.id))
    .orderBy(asc(auditFiles.id));
  return {
    id: a.audit.id,
    task_id: taskId,
    created_at: iso(a.audit.created_at),
    created_by_name: a.created_by_name,
    contacted: a.audit.contacted,
    description: a.audit.description,
    reason: a.audit.reason,
    files: files.map((f) => ({
      id: f.id,
      datei_name: f.datei_name,
      original_name: f.original_name,
      size: f.size,
      file_path: `/protected-files/uploads/audits/${f.datei_name}`,
    })),
  };
}

export async function getVisibleRow(db: Db, viewer: SessionUser, taskId: number) {
  await loadVisibleTask(db, viewer, taskId);
  const row = await findRow(db, taskId);
  if (!row) throw notFound();
  return row;
}

/** A stored file of a task or audit, if the viewer may see its task. */
export async function findProtectedFile(db: Db, viewer: SessionUser, area: 'tasks' | 'audits', name: string) {
  if (area === 'tasks') {
    const [f] = await db.select().from(taskFiles).where(eq(taskFiles.datei_name, name));
    if (!f) return null;
    await loadVisibleTask(db, viewer, f.task_id);
    return { original_name: f.original_name, mime: f.mime, size: f.size };
  }
  const [f] = await db
    .select({ file: auditFiles, task_id: audits.task_id })
    .from(auditFiles)
    .innerJoin(audits, eq(audits.id, auditFiles.audit_id))
    .where(eq(auditFiles.datei_name, name));
  if (!f) return null;
  await loadVisibleTask(db, viewer, f.task_id);
  return { original_name: f.file.original_name, mime: f.file.mime, size: f.file.size };
}

export interface RequestTaskData {
  typ: number;
  titel: string;
  /** The request text: the task's description and its first message. */
  beschreibung: string;
  frist: Date;
  kundennummer?: string | null;
  firma?: string | null;
  kontaktperson?: string | null;
  plz?: string | null;
  ort?: string | null;
  adresse?: string | null;
  email?: string | null;
  telefon_firma?: string | null;
  telefon_privat?: string | null;
  telefon_mobil?: string | null;
  uid?: string | null;
  /** The confirmation to the requester, queued in the same transaction (its text may use {id}). */
  confirmation?: { to: string; subject: string; text: string };
}

/** Public requests land on the Austrian board. */
const REQUEST_COUNTRY = 1;

/**
 * A task from a public request: on the Austrian board (country 1), unassigned, with the request text
 * as its first message, its files, a confirmation mail, and a `task_created` notification for every
 * active staff member of that country with the tasks flag. One transaction; files removed again if it fails.
 */
export async function createTaskFromRequest(
  db: Db,
  limits: UploadLimits,
  input: RequestTaskData,
  staged: StagedFile[],
) {
  return withStoredFiles(db, limits, 'tasks', staged, async (tx, files) => {
    const { confirmation, ...fields } = input;
    const [created] = await tx
      .insert(tasks)
      .values({ ...fields, country_id: REQUEST_COUNTRY, user_id: null, created_by_userid: null })
      .returning({ id: tasks.id });
    const taskId = created!.id;
    // No message copy of the request: its text is the description (public-forms/service.ts).
    if (files.length)
      await tx.insert(taskFiles).values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: null })));
    await activity(tx, taskId, null, 'created_from_request', { typ: input.typ, files: files.length });
    let mailId: number | null = null;
    if (confirmation) {
      mailId = await queueMail(tx, {
        to: confirmation.to,
        subject: confirmation.subject.replaceAll('{id}', String(taskId)),
        text: confirmation.text.replaceAll('{id}', String(taskId)),
        taskId,
      });
    }
    await recordTaskChange(tx, taskId);
    // Only the country's staff may open (and take) the request: nobody else is told of it.
    await notify(tx, {
      recipients: await countryTaskStaff(tx, REQUEST_COUNTRY),
      actorId: null,
      type: 'task_created',
      title: 'Neue Anfrage',
      message: `Neue Anfrage #${taskId}: ${input.titel}`,
      taskId,
      priority: input.typ === 2 ? 'high' : 'medium',
    });
    return { taskId, mailId };
  });
}
