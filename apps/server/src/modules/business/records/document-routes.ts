import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentIdSchema, documentListSchema, recordsPageQuerySchema } from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { customerOnly } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { notFound } from '../../../platform/errors.js';
import { contentDisposition, downloadName, storedMime } from '../../../platform/uploads.js';
import { findOwnDocument, listDocuments } from './documents.js';
import { errorResponses, fileResponse } from '../../../platform/openapi.js';

/** The customer's documents: what staff shared with their record and the shared files of their tasks. */
export const businessDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/business/documents',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'listBusinessDocuments',
        tags: ['business'],
        summary: 'Documents shared with the caller’s customer record and shared files of their tasks, newest first',
        querystring: recordsPageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: documentListSchema },
      },
    },
    (req) => listDocuments(ctx, currentUser(req), req.query),
  );

  app.get(
    '/api/business/documents/:id/download',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'downloadBusinessDocument',
        response: { 200: fileResponse('application/octet-stream'), ...errorResponses(400, 401, 403, 404) },
        tags: ['business'],
        summary: 'One of the caller’s documents as a download (404 for any other)',
        params: documentIdSchema,
      },
    },
    async (req, reply) => {
      const doc = await findOwnDocument(ctx, currentUser(req), { id: req.params.id });
      const body = await ctx.storage.get(doc.key);
      if (!body) throw notFound();
      return reply
        // Type and name follow the content as detected at upload, never the name the client sent.
        .header('Content-Type', storedMime(doc.stored))
        .header('Content-Length', String(doc.size))
        .header('Content-Disposition', contentDisposition(downloadName(doc.name, doc.stored)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
