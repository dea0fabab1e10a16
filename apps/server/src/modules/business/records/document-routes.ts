import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_RECORDS_MSG,
  documentIdSchema,
  documentListSchema,
  recordsIdSchema,
  recordsPageQuerySchema,
} from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { customerOnly, staffWith } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { notFound } from '../../../platform/errors.js';
import { contentDisposition, downloadName, readMultipart, storedMime } from '../../../platform/uploads.js';
import { findOwnDocument, listDocuments, shareDocuments } from './documents.js';
import { errorResponses, fileResponse } from '../../../platform/openapi.js';

/**
 * The customer's documents: what staff shared with their record and the shared files of their tasks;
 * and staff's call that shares them (under /api/customers, kept here so customers/ needs no business/).
 */
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

  // Staff share files with a customer: they appear in the customer's business dashboard (documents).
  app.post(
    '/api/customers/:id/documents',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'uploadCustomerDocuments',
        tags: ['customers'],
        summary: 'Share files with a customer record (multipart: files); the customer downloads them in the business dashboard',
        consumes: ['multipart/form-data'],
        params: recordsIdSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 413, 415),
          201: z.object({
            message: z.string(),
            documents: z.array(
              z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number(), created_at: z.string() }),
            ),
          }),
        },
      },
    },
    async (req, reply) => {
      const mp = await readMultipart(req, ctx.config.uploads);
      try {
        const documents = await shareDocuments(ctx, currentUser(req), { customerId: req.params.id, files: mp.files });
        return reply.code(201).send({ message: BUSINESS_RECORDS_MSG.documentsShared, documents });
      } finally {
        await mp.discard();
      }
    },
  );
};
