import { COUNTRY, TASK_TYPE } from '@portal/shared';
import { taskFiles, tasks } from '../../db/schema/index.js';
import type { StagedFile } from '../../platform/uploads.js';
import { now } from '../../platform/service.js';
import { notify } from '../notifications/index.js';
import { slaColumnsForNewTask } from '../service-levels/index.js';
import { countryTaskStaff, recordTaskChange } from './audience.js';
import { activity } from './common.js';
import { queueTaskMail } from './conversations.js';
import { withStoredFiles, type FilesCtx } from './files.js';

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

/** Public requests land on the Austrian board; a signed-in customer's on their record's country's. */
const REQUEST_COUNTRY = COUNTRY.AT;

/**
 * A task from a public request: on the Austrian board, unassigned, with the request text
 * as its first message, its files, a confirmation mail, and a `task_created` notification for every
 * active staff member of that country with the tasks flag. One transaction; files removed again if it fails.
 */
export async function createTaskFromRequest(
  ctx: FilesCtx,
  request: { task: RequestTaskData; files: StagedFile[]; countryId?: number },
) {
  const input = request.task;
  const countryId = request.countryId ?? REQUEST_COUNTRY;
  return withStoredFiles(ctx, 'tasks', request.files, async (tx, files) => {
    const { confirmation, ...fields } = input;
    const erstellt_am = now(ctx);
    const sla = await slaColumnsForNewTask(tx, { country_id: countryId, typ: input.typ, erstellt_am, frist: input.frist });
    const [created] = await tx
      .insert(tasks)
      .values({ ...fields, ...sla, erstellt_am, country_id: countryId, user_id: null, created_by_userid: null })
      .returning({ id: tasks.id });
    const taskId = created!.id;
    // No message copy of the request: its text is the description (public-forms/service.ts).
    if (files.length)
      await tx.insert(taskFiles).values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: null })));
    await activity(tx, taskId, null, 'created_from_request', { typ: input.typ, files: files.length });
    let mailId: number | null = null;
    if (confirmation) {
      mailId = await queueTaskMail(tx, {
        to: confirmation.to,
        subject: confirmation.subject.replaceAll('{id}', String(taskId)),
        text: confirmation.text.replaceAll('{id}', String(taskId)),
        taskId,
      });
    }
    await recordTaskChange(tx, taskId);
    // Only the country's staff may open (and take) the request: nobody else is told of it.
    await notify(tx, {
      recipients: await countryTaskStaff(tx, countryId),
      actorId: null,
      type: 'task_created',
      params: { kind: 'request', id: taskId, titel: input.titel },
      taskId,
      priority: input.typ === TASK_TYPE.emergency ? 'high' : 'medium',
    });
    return { taskId, mailId, responseDueAt: sla.sla_response_due_at };
  });
}
