import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessSupportCreateSchema } from '@portal/shared';
import { businessCalls as calls, signagePlayCalls } from '@portal/shared/contracts';
import type { AppContext } from '../../../platform/context.js';
import { fileReply, serve } from '../../../platform/serve.js';
import { readMultipart, type StagedFile } from '../../../platform/uploads.js';
import { parseFields } from '../../../platform/validation.js';
import { listOwnCards, ownCardReplacement } from './cards.js';
import { listOwnDevices } from './devices.js';
import { ownLatestExport, startOwnExport } from './export.js';
import { listOwnInvoices, ownInvoiceFile } from './invoices.js';
import { listOwnDeliveries, listOwnOrders, ownOrderDetail } from './orders.js';
import { ownOverview } from './overview.js';
import { listOwnPlayMonths, ownPlayReportPdf } from './plays.js';
import { createOwnSupport, listOwnSupport, ownSupportDetail } from './support.js';
import { ownTimeline } from './timeline.js';

/**
 * Business dashboard calls under /api/business over what the provider holds about the caller's own
 * customer record (declared in packages/shared/src/contracts/business.ts). Customers only; every
 * service starts from ownCustomer() and answers 404 for anything not theirs.
 */
export const businessOwnDataRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.getBusinessOverview, ownOverview);
  serve(app, ctx, calls.getBusinessTimeline, ownTimeline);
  // "Meine Daten herunterladen" (GDPR, issue 34): the job is the customers area's.
  serve(app, ctx, calls.startOwnExport, startOwnExport);
  serve(app, ctx, calls.getOwnExport, ownLatestExport);
  serve(app, ctx, calls.listBusinessOrders, listOwnOrders);
  serve(app, ctx, calls.getBusinessOrder, (c, viewer, input) => ownOrderDetail(c, viewer, { orderId: input.id }));
  serve(app, ctx, calls.listBusinessDeliveries, listOwnDeliveries);
  serve(app, ctx, calls.listBusinessInvoices, listOwnInvoices);
  serve(app, ctx, calls.getBusinessInvoicePdf, async (c, viewer, input) => {
    const { body, filename, size } = await ownInvoiceFile(c, viewer, input);
    return fileReply(body, 'application/pdf', {
      name: filename,
      headers: {
        'content-length': String(size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });
  serve(app, ctx, calls.listBusinessSupportRequests, listOwnSupport);
  serve(app, ctx, calls.getBusinessSupportRequest, (c, viewer, input) =>
    ownSupportDetail(c, viewer, { taskId: input.id }),
  );
  serve(
    app,
    ctx,
    calls.createBusinessSupportRequest,
    (c, viewer, input) => createOwnSupport(c, viewer, { ...input, files: input.files as StagedFile[] }),
    {
      // Multipart {titel, beschreibung, typ} and `files`; the staged files go when the fields are refused.
      upload: async (req) => {
        const mp = await readMultipart(req, ctx.config.uploads, 'files');
        try {
          parseFields(businessSupportCreateSchema, mp.fields);
        } catch (e) {
          await mp.discard();
          throw e;
        }
        return mp;
      },
    },
  );
  serve(app, ctx, calls.listBusinessDevices, listOwnDevices);
  // Proof of play (issue 33): the months with plays and each month's PDF.
  serve(app, ctx, signagePlayCalls.listBusinessPlayMonths, listOwnPlayMonths);
  serve(app, ctx, signagePlayCalls.getBusinessPlayReportPdf, async (c, viewer, input) =>
    fileReply(await ownPlayReportPdf(c, viewer, input), 'application/pdf', {
      name: `wiedergaben_${input.month}.pdf`,
      headers: { 'cache-control': 'private, no-store' },
    }),
  );
  serve(app, ctx, calls.listBusinessCards, listOwnCards);
  serve(app, ctx, calls.getBusinessCardReplacement, ownCardReplacement);
};
