import { asc, eq, inArray } from 'drizzle-orm';
import type { TaskDetailResponse } from '@portal/shared';
import {
  customers,
  helpRequests,
  taskConversations,
  taskFiles,
  taskMessages,
  taskNotes,
  tasks,
  users,
} from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { isInsolventByNumber } from '../insolvency/index.js';
import { loadVisibleTask } from './access.js';
import { iso } from './common.js';
import { findRow } from './queries.js';

export async function taskDetail(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { taskId: number },
): Promise<TaskDetailResponse> {
  const { db } = ctx;
  const { taskId } = input;
  const t = await loadVisibleTask(db, viewer, taskId);
  const creator = users;
  const [row, [extra], files, conversations, messages, notes, insolvent] = await Promise.all([
    findRow(db, taskId, now(ctx)),
    db
      .select({
        created_by_name: creator.name,
        customer_id: customers.id,
        help: {
          agent_id: helpRequests.agent_id,
          comment: helpRequests.comment,
          created_at: helpRequests.created_at,
          requested_by: helpRequests.requested_by,
        },
      })
      .from(tasks)
      .leftJoin(creator, eq(creator.id, tasks.created_by_userid))
      .leftJoin(customers, eq(customers.kundennummer, tasks.kundennummer))
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
        shared_with_customer: taskFiles.shared_with_customer,
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
    isInsolventByNumber(db, t.kundennummer),
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
      insolvent,
      customer_id: extra?.customer_id ?? null,
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

export async function listNotes(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }) {
  const { db } = ctx;
  const { taskId } = input;
  await loadVisibleTask(db, viewer, taskId);
  const notes = await db
    .select({ id: taskNotes.id, notiz: taskNotes.notiz, agent_name: users.name, erstellt_am: taskNotes.erstellt_am })
    .from(taskNotes)
    .innerJoin(users, eq(users.id, taskNotes.user_id))
    .where(eq(taskNotes.task_id, taskId))
    .orderBy(asc(taskNotes.id));
  return notes.map((n) => ({ ...n, erstellt_am: iso(n.erstellt_am) }));
}

export async function getVisibleRow(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }) {
  const { db } = ctx;
  const { taskId } = input;
  await loadVisibleTask(db, viewer, taskId);
  const row = await findRow(db, taskId, now(ctx));
  if (!row) throw notFound();
  return row;
}
