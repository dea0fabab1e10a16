import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import {
  fillText,
  formatDateTime,
  GDPR_EXPORT_AREAS,
  GDPR_EXPORT_DAYS,
  GDPR_MAIL_TEXTS,
  GDPR_SUMMARY_FILE,
  languageFromLangCode,
  type GdprExportArea,
} from '@portal/shared';
import type { Config } from '../../config.js';
import { customers, gdprJobs, users } from '../../db/schema/index.js';
import { queueMail } from '../../platform/mail.js';
import { now } from '../../platform/service.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { collectArea } from './gdpr-collect.js';
import { deleteStored, gdprKey, type GdprCtx } from './gdpr-jobs.js';
import { retainedOf } from './gdpr-retained.js';
import { renderGdprSummary } from './gdpr-summary-pdf.js';

/*
 * The export job (issue 34), run after the start's commit (GDPR_EXPORT_JOB): one JSON file per area
 * (gdpr-collect.ts) and the PDF summary, zipped into one file in the storage (`gdpr/<random>.zip`),
 * then the row is done (downloadable for seven days) and the requester mailed in their language, in
 * one transaction. The row carries the progress as it goes, so the screens can show it. The row names
 * its file before the file is written: the orphan cleaner never takes a file of a running export,
 * and the hourly clean-up removes one a stopped process left.
 */

export interface GdprJobCtx extends GdprCtx {
  config: Config;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60_000;

/** Where the mail's link leads: the page the requester downloads from once signed in. */
function pageOf(config: Config, job: { requested_as: string; customer_id: number }): string {
  return job.requested_as === 'customer'
    ? `${config.publicUrl}/business-dashboard`
    : `${config.publicUrl}/agent-dashboard/customers/${job.customer_id}`;
}

export async function runExport(ctx: GdprJobCtx, jobId: number): Promise<void> {
  const storedName = `${randomBytes(16).toString('hex')}.zip`;
  const [job] = await ctx.db
    .update(gdprJobs)
    .set({ status: 'running', progress: 1, started_at: now(ctx), stored_name: storedName })
    .where(and(eq(gdprJobs.id, jobId), eq(gdprJobs.status, 'queued')))
    .returning();
  // Taken already, or cancelled by an erasure meanwhile.
  if (!job) return;
  const key = gdprKey(storedName);
  try {
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, job.customer_id));
    if (!customer) throw new Error(`customer ${job.customer_id} not found`);
    const steps = GDPR_EXPORT_AREAS.length + 2;
    const progress = (step: number) =>
      ctx.db
        .update(gdprJobs)
        .set({ progress: Math.min(99, Math.max(1, Math.floor((step / steps) * 100))) })
        .where(and(eq(gdprJobs.id, job.id), eq(gdprJobs.status, 'running')));

    const files: Zippable = {};
    const counts = {} as Record<GdprExportArea, number>;
    const collected = {} as Record<GdprExportArea, unknown[]>;
    let step = 0;
    for (const area of GDPR_EXPORT_AREAS) {
      const rows = await collectArea(ctx.db, area, customer);
      collected[area] = rows;
      counts[area] = rows.length;
      files[`${area}.json`] = strToU8(JSON.stringify(rows, null, 2));
      await progress(++step);
    }
    const sessions = new Map<number, number>();
    for (const s of collected.sessions as { user_id: number }[])
      sessions.set(s.user_id, (sessions.get(s.user_id) ?? 0) + 1);
    const pdf = await renderGdprSummary({
      customer,
      accounts: (collected.accounts as { id: number; name: string; email: string; created_at: string }[]).map((a) => ({
        name: a.name,
        email: a.email,
        created_at: a.created_at,
        sessions: sessions.get(a.id) ?? 0,
      })),
      counts,
      retained: await retainedOf(ctx, customer.id),
      lang: job.lang,
      generatedAt: now(ctx),
    });
    files[GDPR_SUMMARY_FILE] = new Uint8Array(pdf);
    await progress(++step);
    // JSON packs well; the PDF is compressed already.
    const zip = zipSync(files, { level: 6 });
    await ctx.storage.put(key, Buffer.from(zip), { contentType: 'application/zip' });

    const finished = now(ctx);
    const expires = new Date(finished.getTime() + GDPR_EXPORT_DAYS * DAY_MS);
    const kept = await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(gdprJobs)
        .set({ status: 'done', progress: 100, size: zip.length, finished_at: finished, expires_at: expires })
        .where(and(eq(gdprJobs.id, job.id), eq(gdprJobs.status, 'running'), eq(gdprJobs.stored_name, storedName)))
        .returning({ id: gdprJobs.id });
      if (!done) return false;
      const [to] = job.requested_by
        ? await tx
            .select({ email: users.email, name: users.name })
            .from(users)
            .where(and(eq(users.id, job.requested_by), eq(users.active, true)))
        : [];
      if (to) {
        const m = GDPR_MAIL_TEXTS[languageFromLangCode(job.lang)];
        const values = {
          name: to.name,
          firma: customer.firma,
          kundennummer: customer.kundennummer,
          until: formatDateTime(expires),
          link: pageOf(ctx.config, job),
        };
        const text = [fillText(m.greeting, values), ...m.body.map((p) => fillText(p, values)), m.closing].join('\n\n');
        afterCommit.mail(await queueMail(tx, { to: to.email, subject: m.subject, text }));
      }
      return true;
    });
    // An erasure took the export meanwhile: its file must not stay.
    if (!kept) await deleteStored(ctx, [key]);
  } catch (err) {
    ctx.log.error({ err, jobId }, 'gdpr export failed');
    await ctx.db
      .update(gdprJobs)
      .set({ status: 'failed', stored_name: null, error: String(err).slice(0, 500), finished_at: now(ctx) })
      .where(eq(gdprJobs.id, job.id));
    await deleteStored(ctx, [key]);
  }
}
