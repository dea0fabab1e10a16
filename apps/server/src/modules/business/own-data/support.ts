import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  BUSINESS_MSG,
  BUSINESS_SUPPORT_STATUS_OF,
  CLASSIC_DUE_DAYS,
  type BusinessPageQuery,
  type BusinessSupportCreate,
  type BusinessSupportDetail,
  type BusinessSupportItem,
  type BusinessSupportList,
  said,
} from '@portal/shared';
import { customers, taskConversations, taskMessages, taskTypes, tasks } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import type { StagedFile } from '../../../platform/uploads.js';
import { createTaskFromRequest, type FilesCtx } from '../../tasks/index.js';
import { ownCustomer } from '../own-customer.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a customer sees of a task: no agent, no notes, no help request, no audit. */
const itemColumns = {
  id: tasks.id,
  titel: tasks.titel,
  typ: tasks.typ,
  typ_name: taskTypes.tasktype,
  status: tasks.status,
  erstellt_am: tasks.erstellt_am,
  frist: tasks.frist,
};
type ItemRow = {
  id: number;
  titel: string;
  typ: number;
  typ_name: string;
  status: string;
  erstellt_am: Date;
  frist: Date;
};

const item = (r: ItemRow): BusinessSupportItem => ({
  id: r.id,
  titel: r.titel,
  typ: r.typ,
  typ_name: r.typ_name,
  status: BUSINESS_SUPPORT_STATUS_OF[r.status] ?? 'In Bearbeitung',
  erstellt_am: iso(r.erstellt_am),
  frist: iso(r.frist),
});

/** Only the first name of whoever wrote a mail: the customer learns no more of the staff. */
export const firstName = (name: string | null) => (name ? (name.trim().split(/\s+/)[0] ?? null) : null);

/** The tasks of the customer's record (by kundennummer), newest first (keyset on id, index tasks_kundennummer_idx). */
export async function listOwnSupport(
  ctx: ServiceCtx,
  viewer: Viewer,
  q: BusinessPageQuery,
): Promise<BusinessSupportList> {
  const me = await ownCustomer(ctx, viewer);
  const own = eq(tasks.kundennummer, me.kundennummer);
  const where = q.cursor !== undefined ? and(own, lt(tasks.id, q.cursor)) : own;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(itemColumns)
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.typ))
      .where(where)
      .orderBy(desc(tasks.id))
      .limit(q.limit + 1),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(own),
  ]);
  const page = rows.slice(0, q.limit);
  return {
    tasks: page.map(item),
    total: Number(count?.n ?? 0),
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

/** Counts and newest tasks of a record for the overview. */
export async function ownSupportSummary(ctx: ServiceCtx, kundennummer: string, limit: number) {
  const own = eq(tasks.kundennummer, kundennummer);
  const [[count], rows] = await Promise.all([
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(own, eq(tasks.status, 'offen'))),
    ctx.db
      .select(itemColumns)
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.typ))
      .where(own)
      .orderBy(desc(tasks.id))
      .limit(limit),
  ]);
  return { openTasks: Number(count?.n ?? 0), latest: rows.map(item) };
}

/** One of the customer's tasks with what they wrote and the mails sent to them; any other id 404. */
export async function ownSupportDetail(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { taskId: number },
): Promise<BusinessSupportDetail> {
  const me = await ownCustomer(ctx, viewer);
  const [row] = await ctx.db
    .select({ ...itemColumns, beschreibung: tasks.beschreibung })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.typ))
    .where(and(eq(tasks.id, input.taskId), eq(tasks.kundennummer, me.kundennummer)));
  if (!row) throw notFound(BUSINESS_MSG.supportNotFound);
  const [messages, mails] = await Promise.all([
    ctx.db
      .select({ id: taskMessages.id, content: taskMessages.content, created_at: taskMessages.created_at })
      .from(taskMessages)
      .where(eq(taskMessages.task_id, row.id))
      .orderBy(asc(taskMessages.id)),
    ctx.db
      .select({
        id: taskConversations.id,
        subject: taskConversations.subject,
        content: taskConversations.content,
        agent_name: taskConversations.agent_name,
        created_at: taskConversations.created_at,
      })
      .from(taskConversations)
      .where(eq(taskConversations.task_id, row.id))
      .orderBy(asc(taskConversations.id)),
  ]);
  return {
    ...item(row),
    beschreibung: row.beschreibung,
    messages: messages.map((m) => ({ ...m, created_at: iso(m.created_at) })),
    mails: mails.map(({ agent_name, ...m }) => ({
      ...m,
      agent_first_name: firstName(agent_name),
      created_at: iso(m.created_at),
    })),
  };
}

/**
 * A request from the dashboard becomes a task through the public requests' path (tasks/from-request):
 * on the board of the record's country, unassigned, with the record's contact data filled in here,
 * never from the request. Due like a regular support request.
 */
export async function createOwnSupport(
  ctx: FilesCtx,
  viewer: Viewer,
  input: BusinessSupportCreate & { files: StagedFile[] },
): Promise<{ message: string; id: number }> {
  const me = await ownCustomer(ctx, viewer);
  const [record] = await ctx.db
    .select({ plz: customers.plz, ort: customers.ort, adresse: customers.adresse, uid: customers.uid })
    .from(customers)
    .where(eq(customers.id, me.id));
  const at = now(ctx);
  const { taskId } = await createTaskFromRequest(ctx, {
    task: {
      typ: input.typ,
      titel: input.titel,
      beschreibung: input.beschreibung,
      frist: new Date(at.getTime() + CLASSIC_DUE_DAYS * 86400_000),
      kundennummer: me.kundennummer,
      firma: me.firma,
      kontaktperson: me.kontaktperson,
      email: me.email ?? viewer.email,
      telefon_firma: me.telefon,
      plz: record?.plz ?? null,
      ort: record?.ort ?? null,
      adresse: record?.adresse ?? null,
      uid: record?.uid ?? null,
    },
    files: input.files,
    countryId: me.country_id,
  });
  return { ...said(BUSINESS_MSG.supportCreated), id: taskId };
}
