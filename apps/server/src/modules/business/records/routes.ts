import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_RECORDS_MSG as MSG, said } from '@portal/shared';
import { businessRecordsCalls as calls, customerDocumentCalls, newsCalls } from '@portal/shared/contracts';
import type { AppContext } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import { fileReply, serve } from '../../../platform/serve.js';
import { downloadName, readMultipart, storedMime, type StagedFile } from '../../../platform/uploads.js';
import { createBranch, deleteBranch, listBranches, updateBranch } from './branches.js';
import { findOwnDocument, listDocuments, shareDocuments } from './documents.js';
import { createNewsPost, deleteNewsPost, listNews, listNewsPosts, markNewsRead, updateNewsPost } from './news.js';
import { getProfile, updateProfile } from './profile.js';

/**
 * Business dashboard calls under /api/business (records: documents, branches, news, profile), staff's
 * call sharing documents with a customer (under /api/customers, kept here so customers/ needs no
 * business/), and the admins' news under /api/news that the dashboard's news come from; declared in
 * packages/shared/src/contracts/business-records.ts, registered by ../routes.ts.
 */
export const businessRecordsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // The customer's documents: what staff shared with their record and the shared files of their tasks.
  serve(app, ctx, calls.listBusinessDocuments, listDocuments);
  serve(app, ctx, calls.downloadBusinessDocument, async (c, viewer, input) => {
    const doc = await findOwnDocument(c, viewer, input);
    const body = await c.storage.get(doc.key);
    if (!body) throw notFound();
    // Type and name follow the content as detected at upload, never the name the client sent.
    return fileReply(body, storedMime(doc.stored), {
      name: downloadName(doc.name, doc.stored),
      headers: {
        'content-length': String(doc.size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });
  serve(
    app,
    ctx,
    customerDocumentCalls.uploadCustomerDocuments,
    async (c, viewer, input) => ({
      ...said(MSG.documentsShared),
      documents: await shareDocuments(c, viewer, { customerId: input.id, files: input.files as StagedFile[] }),
    }),
    { upload: (req) => readMultipart(req, ctx.config.uploads) },
  );

  // The customer's branches (Filialen): only their own, any other id is 404.
  serve(app, ctx, calls.listBusinessBranches, listBranches);
  serve(app, ctx, calls.createBusinessBranch, async (c, viewer, input) => ({
    ...said(MSG.branchCreated),
    branch: await createBranch(c, viewer, input),
  }));
  serve(app, ctx, calls.updateBusinessBranch, async (c, viewer, { id, ...fields }) => ({
    ...said(MSG.branchSaved),
    branch: await updateBranch(c, viewer, { id, fields }),
  }));
  serve(app, ctx, calls.deleteBusinessBranch, async (c, viewer, input) => {
    await deleteBranch(c, viewer, input);
    return { ...said(MSG.branchDeleted) };
  });

  // The news as customers read them.
  serve(app, ctx, calls.listBusinessNews, listNews);
  serve(app, ctx, calls.markBusinessNewsRead, async (c, viewer, input) => {
    await markNewsRead(c, viewer, input);
    return { ...said(MSG.newsMarkedRead) };
  });

  // The customer's contact data; the password changes through /auth/change-password as for staff.
  serve(app, ctx, calls.getBusinessProfile, getProfile);
  serve(app, ctx, calls.updateBusinessProfile, async (c, viewer, input) => ({
    ...said(MSG.profileSaved),
    profile: await updateProfile(c, viewer, input),
  }));

  // The admins' news posts: every post, published or still waiting for its date.
  serve(app, ctx, newsCalls.listNews, (c, _viewer, input) => listNewsPosts(c, input));
  serve(app, ctx, newsCalls.createNews, async (c, viewer, input) => ({
    ...said(MSG.newsCreated),
    post: await createNewsPost(c, viewer, input),
  }));
  serve(app, ctx, newsCalls.updateNews, async (c, viewer, { id, ...fields }) => ({
    ...said(MSG.newsSaved),
    post: await updateNewsPost(c, viewer, { id, fields }),
  }));
  serve(app, ctx, newsCalls.deleteNews, async (c, viewer, input) => {
    await deleteNewsPost(c, viewer, input);
    return { ...said(MSG.newsDeleted) };
  });
};
