import { taskBillingCalls as calls } from '@portal/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { fileReply, serve } from '../../platform/serve.js';
import { TASK_INVOICE_PDF_JOB, getTaskInvoice, taskInvoiceFile, writeTaskInvoicePdf } from './task-invoice.js';
import { getTaskTime, recordTaskTime, startTaskTime, stopTaskTime } from './task-time.js';

/** An emergency task's time and its invoice (issue 31, contracts/task-billing.ts). */
export function taskBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.backgroundJobs.set(TASK_INVOICE_PDF_JOB, (payload) => writeTaskInvoicePdf(ctx, payload));
  serve(app, ctx, calls.recordTaskTime, recordTaskTime);
  serve(app, ctx, calls.startTaskTime, startTaskTime);
  serve(app, ctx, calls.stopTaskTime, stopTaskTime);
  serve(app, ctx, calls.getTaskTime, getTaskTime);
  serve(app, ctx, calls.getTaskInvoice, getTaskInvoice);
  serve(app, ctx, calls.getTaskInvoicePdf, async (c, viewer, input) => {
    const { body, filename, size } = await taskInvoiceFile(c, viewer, input);
    return fileReply(body, 'application/pdf', {
      name: filename,
      headers: {
        'content-length': String(size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });
}
