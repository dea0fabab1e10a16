import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_RECORDS_MSG, customerHitSchema, customerSearchQuerySchema, recordsIdSchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { CUSTOMER_REGISTER_FLAGS, staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { readMultipart } from '../../platform/uploads.js';
import { shareDocuments } from '../business/index.js';
import { searchCustomers } from './service.js';

/** The customer register is data of the areas that work with customers; staff without one of them has no business there. */
const registerAccess = staffWith(CUSTOMER_REGISTER_FLAGS);

export const customerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const schema = (source: string) => ({
    tags: ['customers'],
    summary: `Customer search (${source}): number prefix or company substring, at least 3 characters, at most 20 rows`,
    querystring: customerSearchQuerySchema,
    response: { 200: z.array(customerHitSchema) },
  });
  app.get('/api/customers', { config: { access: registerAccess }, schema: schema('AT') }, (req) =>
    searchCustomers(ctx, currentUser(req), { source: 'AT', search: req.query.search }),
  );
  app.get('/api/customersEG', { config: { access: registerAccess }, schema: schema('EG') }, (req) =>
    searchCustomers(ctx, currentUser(req), { source: 'EG', search: req.query.search }),
  );

  // Staff share files with a customer: they appear in the customer's business dashboard (documents).
  app.post(
    '/api/customers/:id/documents',
    {
      config: { access: staffWith('tasks') },
      schema: {
        tags: ['customers'],
        summary: 'Share files with a customer record (multipart: files); the customer downloads them in the business dashboard',
        consumes: ['multipart/form-data'],
        params: recordsIdSchema,
        response: {
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
