import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { redactCustomerAudit } from '../../platform/audit.js';
import { fileReply, serve } from '../../platform/serve.js';
import { inUnitOfWork } from '../../platform/unit-of-work.js';
import { customerGdpr, eraseCustomerData } from './gdpr-erase.js';
import { runExport } from './gdpr-export.js';
import {
  deleteStored,
  exportCustomerData,
  GDPR_DELETE_FILES_JOB,
  GDPR_EXPORT_JOB,
  GDPR_REDACT_AUDIT_JOB,
  gdprExportFile,
  getGdprJob,
} from './gdpr-jobs.js';
import { searchCustomers } from './service.js';
import { customerRecord, customerTimeline } from './timeline.js';

/**
 * The customer search of every picker, one register per country, one customer's page, and the GDPR
 * export and erasure of a customer's data (contracts/customers.ts).
 */
export const customerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // An export is built after its start's commit; its mail leaves through the app's release path.
  app.backgroundJobs.set(GDPR_EXPORT_JOB, (payload) =>
    inUnitOfWork(app.release, () => runExport({ ...ctx, log: app.log }, (payload as { jobId: number }).jobId)),
  );
  app.backgroundJobs.set(GDPR_DELETE_FILES_JOB, (payload) =>
    deleteStored({ storage: ctx.storage, log: app.log }, (payload as { keys: string[] }).keys),
  );
  app.backgroundJobs.set(GDPR_REDACT_AUDIT_JOB, async (payload) => {
    const { customerId, day } = payload as { customerId: number; day: string };
    await ctx.db.transaction((tx) => redactCustomerAudit(tx, customerId, day));
  });

  serve(app, ctx, calls.listCustomers, (c, viewer, input) => searchCustomers(c, viewer, { ...input, source: 'AT' }));
  serve(app, ctx, calls.listCustomersEG, (c, viewer, input) => searchCustomers(c, viewer, { ...input, source: 'EG' }));
  serve(app, ctx, calls.getCustomerRecord, customerRecord);
  serve(app, ctx, calls.getCustomerTimeline, customerTimeline);
  serve(app, ctx, calls.exportCustomerData, exportCustomerData);
  serve(app, ctx, calls.getGdprJob, getGdprJob);
  serve(app, ctx, calls.downloadGdprExport, async (c, viewer, input) => {
    const file = await gdprExportFile(c, viewer, input);
    return fileReply(file.body, 'application/zip', {
      name: file.name,
      headers: { 'content-length': String(file.size), 'cache-control': 'private, no-store' },
    });
  });
  serve(app, ctx, calls.getCustomerGdpr, customerGdpr);
  serve(app, ctx, calls.eraseCustomerData, eraseCustomerData);
};
