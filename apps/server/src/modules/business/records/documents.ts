import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { BUSINESS_RECORDS_MSG as MSG, COMMON_MSG, type BusinessDocument } from '@portal/shared';
import { customerDocuments, customers, taskFiles, tasks } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import type { StagedFile } from '../../../platform/uploads.js';
import { ownCustomer } from '../own-customer.js';

/** The storage folder of documents staff shared with a customer (task files stay in `tasks/`). */
export const DOCUMENTS_FOLDER = 'documents';

type DocumentsCtx = ServiceCtx & Pick<AppContext, 'storage'>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * What the customer may download: documents shared with their record, and files of their tasks
 * (tasks.kundennummer) that staff marked as shared. Both lists in one page, newest first; the id
 * says which source (`c…`, `t…`) so the two id spaces never mix.
 */
export async function listDocuments(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { limit: number; offset: number },
): Promise<{ items: BusinessDocument[]; total: number; limit: number; offset: number }> {
  const own = await ownCustomer(ctx, viewer);
  const { db } = ctx;
  const sharedTaskFile = and(eq(tasks.kundennummer, own.kundennummer), eq(taskFiles.shared_with_customer, true));
  const direct = db
    .select({
      source: sql<'customer' | 'task'>`'customer'`.as('source'),
      id: customerDocuments.id,
      name: customerDocuments.original_name,
      mime: customerDocuments.mime,
      size: customerDocuments.size,
      created_at: customerDocuments.created_at,
      task_id: sql<number | null>`null::integer`.as('task_id'),
      task_title: sql<string | null>`null::text`.as('task_title'),
    })
    .from(customerDocuments)
    .where(eq(customerDocuments.customer_id, own.id));
  const fromTasks = db
    .select({
      source: sql<'customer' | 'task'>`'task'`.as('source'),
      id: taskFiles.id,
      name: taskFiles.original_name,
      mime: taskFiles.mime,
      size: taskFiles.size,
      created_at: taskFiles.created_at,
      task_id: sql<number | null>`${tasks.id}`.as('task_id'),
      task_title: sql<string | null>`${tasks.titel}`.as('task_title'),
    })
    .from(taskFiles)
    .innerJoin(tasks, eq(tasks.id, taskFiles.task_id))
    .where(sharedTaskFile);
  const [rows, [a], [b]] = await Promise.all([
    direct
      .unionAll(fromTasks)
      .orderBy(sql`created_at desc`, sql`source`, sql`id desc`)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(customerDocuments).where(eq(customerDocuments.customer_id, own.id)),
    db.select({ n: count() }).from(taskFiles).innerJoin(tasks, eq(tasks.id, taskFiles.task_id)).where(sharedTaskFile),
  ]);
  return {
    items: rows.map((r) => ({
      id: `${r.source === 'customer' ? 'c' : 't'}${r.id}`,
      source: r.source,
      name: r.name,
      mime: r.mime,
      size: r.size,
      created_at: iso(r.created_at),
      task_id: r.task_id === null ? null : Number(r.task_id),
      task_title: r.task_title,
    })),
    total: Number(a?.n ?? 0) + Number(b?.n ?? 0),
    limit: input.limit,
    offset: input.offset,
  };
}

/** One document of the caller's, with its storage key; 404 for anything else (another customer's, unshared). */
export async function findOwnDocument(ctx: ServiceCtx, viewer: Viewer, input: { id: string }) {
  const own = await ownCustomer(ctx, viewer);
  const num = Number(input.id.slice(1));
  if (input.id.startsWith('c')) {
    const [d] = await ctx.db
      .select()
      .from(customerDocuments)
      .where(and(eq(customerDocuments.id, num), eq(customerDocuments.customer_id, own.id)));
    if (!d) throw notFound(MSG.documentNotFound);
    return { key: `${DOCUMENTS_FOLDER}/${d.datei_name}`, stored: d.datei_name, name: d.original_name, size: d.size };
  }
  const [f] = await ctx.db
    .select({ file: taskFiles })
    .from(taskFiles)
    .innerJoin(tasks, eq(tasks.id, taskFiles.task_id))
    .where(
      and(eq(taskFiles.id, num), eq(taskFiles.shared_with_customer, true), eq(tasks.kundennummer, own.kundennummer)),
    );
  if (!f) throw notFound(MSG.documentNotFound);
  return { key: `tasks/${f.file.datei_name}`, stored: f.file.datei_name, name: f.file.original_name, size: f.file.size };
}

/**
 * Staff share files with a customer record: the checked, staged uploads are moved into the storage
 * under server-generated names (the same pattern as task files, so `storedMime` and the download
 * name rules apply) and recorded in one transaction; when it fails the stored files are removed.
 */
export async function shareDocuments(
  ctx: DocumentsCtx,
  viewer: Viewer,
  input: { customerId: number; files: StagedFile[] },
) {
  if (input.files.length === 0) throw badRequest(COMMON_MSG.noFiles);
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw notFound();
  const stored: { datei_name: string; original_name: string; mime: string; size: number }[] = [];
  try {
    for (const f of input.files) {
      const datei_name = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${f.ext}`;
      await ctx.storage.putFile(`${DOCUMENTS_FOLDER}/${datei_name}`, f.tmpPath, { contentType: f.mime });
      stored.push({ datei_name, original_name: f.originalName, mime: f.mime, size: f.size });
    }
    const rows = await ctx.db
      .insert(customerDocuments)
      .values(stored.map((s) => ({ ...s, customer_id: customer.id, uploaded_by: viewer.id })))
      .returning();
    return rows.map((r) => ({
      id: `c${r.id}`,
      name: r.original_name,
      mime: r.mime,
      size: r.size,
      created_at: iso(r.created_at),
    }));
  } catch (e) {
    await Promise.all(stored.map((s) => ctx.storage.delete(`${DOCUMENTS_FOLDER}/${s.datei_name}`).catch(() => {})));
    throw e;
  }
}
