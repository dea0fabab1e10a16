import type { Readable } from 'node:stream';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  COMMON_MSG,
  GDPR_MSG,
  languageFromLangCode,
  type GdprJob,
  type GdprJobStarted,
  type Language,
} from '@portal/shared';
import { customers, gdprJobs, userSettings } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import type { Storage } from '../../platform/storage/index.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { customerCountryFilter } from './service.js';

/*
 * The GDPR export's requests (issue 34): an admin on the customer's page or the customer in the
 * business dashboard starts it; the background job `GDPR_EXPORT_JOB` (gdpr-export.ts) builds the ZIP
 * after the start's commit and writes its progress into the job's row, which both screens read until
 * it is done; the file is then served for seven days and removed by the hourly clean-up.
 */

/** Background work after a start's commit (app.backgroundJobs, registered in routes.ts). */
export const GDPR_EXPORT_JOB = 'gdpr-export';
/** Background work after an erasure's commit: the stored files of the rows it deleted. */
export const GDPR_DELETE_FILES_JOB = 'gdpr-delete-files';
/** Background work after an erasure's commit: its own audit entry's values (appended last in its transaction). */
export const GDPR_REDACT_AUDIT_JOB = 'gdpr-redact-audit';
/** The storage folder of the ZIPs (app.ts registers it with the orphan cleaner). */
export const GDPR_FOLDER = 'gdpr';

/** A running export answered again instead of a second one started beside it (a double click, a reload). */
const REUSE_MS = 15 * 60_000;
/** An export still queued or running after this was cut off by a stopped process. */
export const STALE_MS = 60 * 60_000;

export interface GdprCtx extends ServiceCtx {
  storage: Storage;
}

type JobRow = typeof gdprJobs.$inferSelect;

export const gdprKey = (storedName: string) => `${GDPR_FOLDER}/${storedName}`;
export const downloadPath = (jobId: number) => `/api/gdpr-jobs/${jobId}/download`;

/** The job as the screens read it: the download only while it lasts. */
export function jobView(job: JobRow, at: Date): GdprJob {
  const open = job.status === 'done' && job.stored_name !== null && job.expires_at !== null && job.expires_at > at;
  return {
    id: job.id,
    status: job.status as GdprJob['status'],
    progress: job.progress,
    downloadUrl: open ? downloadPath(job.id) : null,
    expiresAt: job.status === 'done' && job.expires_at ? job.expires_at.toISOString() : null,
  };
}

/** A customer an admin may act on (the register's country rule, as the customer page), else 404. */
export async function staffCustomer(ctx: ServiceCtx, viewer: Viewer, id: number) {
  const [c] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), customerCountryFilter(viewer)));
  if (!c) throw notFound(COMMON_MSG.customerNotFound);
  return c;
}

/** The requester's language: the one chosen in the settings, else the account's. */
async function languageOf(ctx: ServiceCtx, viewer: Viewer): Promise<Language> {
  const [s] = await ctx.db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.user_id, viewer.id));
  return languageFromLangCode(s?.language ?? viewer.lang_code);
}

/**
 * Queues an export of a customer's data for after the commit; an export of the same customer by the
 * same side still queued or running (started in the last 15 minutes) is answered instead.
 */
export async function startExport(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { customerId: number; as: 'admin' | 'customer' },
): Promise<GdprJobStarted> {
  const at = now(ctx);
  const [open] = await ctx.db
    .select({ id: gdprJobs.id })
    .from(gdprJobs)
    .where(
      and(
        eq(gdprJobs.customer_id, input.customerId),
        eq(gdprJobs.requested_as, input.as),
        inArray(gdprJobs.status, ['queued', 'running']),
        gt(gdprJobs.created_at, new Date(at.getTime() - REUSE_MS)),
      ),
    )
    .orderBy(desc(gdprJobs.id))
    .limit(1);
  if (open) return { jobId: open.id };
  const [job] = await ctx.db
    .insert(gdprJobs)
    .values({
      customer_id: input.customerId,
      requested_by: viewer.id,
      requested_as: input.as,
      lang: await languageOf(ctx, viewer),
      created_at: at,
    })
    .returning({ id: gdprJobs.id });
  afterCommit.job(GDPR_EXPORT_JOB, { jobId: job!.id });
  return { jobId: job!.id };
}

/** POST /api/customers/{id}/export: an admin's export of a customer (404 outside the register). */
export async function exportCustomerData(ctx: ServiceCtx, viewer: Viewer, input: { id: number }) {
  const c = await staffCustomer(ctx, viewer, input.id);
  return startExport(ctx, viewer, { customerId: c.id, as: 'admin' });
}

/**
 * A job the viewer may read: an admin any of the register (the country rule), a customer only an
 * export their own side started of their own record. Anyone else, and any other job, 404.
 */
async function visibleJob(ctx: ServiceCtx, viewer: Viewer, jobId: number): Promise<JobRow> {
  const [row] = await ctx.db
    .select({ job: gdprJobs })
    .from(gdprJobs)
    .innerJoin(customers, eq(customers.id, gdprJobs.customer_id))
    .where(and(eq(gdprJobs.id, jobId), viewer.role === 'admin' ? customerCountryFilter(viewer) : undefined));
  const job = row?.job;
  const mine =
    job &&
    (viewer.role === 'admin' ||
      (viewer.role === 'customer' &&
        viewer.customer_id !== null &&
        job.customer_id === viewer.customer_id &&
        job.requested_as === 'customer'));
  if (!job || !mine) throw notFound(GDPR_MSG.jobNotFound);
  return job;
}

/** GET /api/gdpr-jobs/{jobId} */
export async function getGdprJob(ctx: ServiceCtx, viewer: Viewer, input: { jobId: number }): Promise<GdprJob> {
  return jobView(await visibleJob(ctx, viewer, input.jobId), now(ctx));
}

/** GET /api/gdpr-jobs/{jobId}/download: the ZIP while its seven days last (409 before it is done, 410 after). */
export async function gdprExportFile(
  ctx: GdprCtx,
  viewer: Viewer,
  input: { jobId: number },
): Promise<{ body: Readable; size: number; name: string }> {
  const job = await visibleJob(ctx, viewer, input.jobId);
  if (job.status === 'queued' || job.status === 'running') throw conflict(GDPR_MSG.exportNotReady);
  if (job.status !== 'done' || !jobView(job, now(ctx)).downloadUrl) throw new HttpError(410, GDPR_MSG.exportExpired);
  const key = gdprKey(job.stored_name!);
  const stat = await ctx.storage.stat(key);
  const body = stat && (await ctx.storage.get(key));
  if (!stat || !body) throw new HttpError(410, GDPR_MSG.exportExpired);
  const [c] = await ctx.db
    .select({ kundennummer: customers.kundennummer })
    .from(customers)
    .where(eq(customers.id, job.customer_id));
  const day = job.finished_at!.toISOString().slice(0, 10);
  return { body, size: stat.size, name: `datenexport_${c?.kundennummer ?? job.customer_id}_${day}.zip` };
}

/** A customer's latest export, of either side (the customer page) or of the customer's own (the dashboard). */
export async function latestExport(
  ctx: ServiceCtx,
  input: { customerId: number; as?: 'customer' },
): Promise<GdprJob | null> {
  const [job] = await ctx.db
    .select()
    .from(gdprJobs)
    .where(and(eq(gdprJobs.customer_id, input.customerId), input.as ? eq(gdprJobs.requested_as, input.as) : undefined))
    .orderBy(desc(gdprJobs.id))
    .limit(1);
  return job ? jobView(job, now(ctx)) : null;
}

/**
 * Removes stored files whose rows are gone or no longer name them; one the storage could not delete is
 * logged and left to the orphan cleaner (it removes files no row names).
 */
export async function deleteStored(
  ctx: { storage: Storage; log?: { warn: (o: object, m: string) => void } },
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      ctx.log?.warn({ err, key }, 'gdpr: stored file not deleted (the orphan cleaner retries)');
    }
  }
}

/**
 * The hourly clean-up: the ZIPs past their seven days, and the exports a stopped process left queued
 * or running (failed; their file, if any, removed). The row first, then the file: a file whose
 * removal failed has no row any more, and the orphan cleaner takes it.
 */
export async function cleanGdprExports(ctx: GdprCtx): Promise<{ expired: number; cutOff: number }> {
  const at = now(ctx);
  const stale = new Date(at.getTime() - STALE_MS);
  let expired = 0;
  for (;;) {
    const names = rowsOf<{ stored_name: string }>(
      await ctx.db.execute(sql`
        with old as (
          select id, stored_name from gdpr_jobs
          where stored_name is not null and expires_at <= ${at.toISOString()}::timestamptz
          order by expires_at limit 500 for update skip locked)
        update gdpr_jobs g set stored_name = null from old where g.id = old.id
        returning old.stored_name`),
    ).map((r) => r.stored_name);
    await deleteStored(ctx, names.map(gdprKey));
    expired += names.length;
    if (names.length < 500) break;
  }
  const cut = rowsOf<{ stored_name: string | null }>(
    await ctx.db.execute(sql`
      with old as (
        select id, stored_name from gdpr_jobs
        where status in ('queued', 'running') and created_at < ${stale.toISOString()}::timestamptz
        for update skip locked)
      update gdpr_jobs g set status = 'failed', stored_name = null, error = 'cut off (process stopped)',
        finished_at = ${at.toISOString()}::timestamptz
      from old where g.id = old.id
      returning old.stored_name`),
  );
  await deleteStored(
    ctx,
    cut.flatMap((r) => (r.stored_name ? [gdprKey(r.stored_name)] : [])),
  );
  return { expired, cutOff: cut.length };
}
