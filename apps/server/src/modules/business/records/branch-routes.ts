import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_RECORDS_MSG as MSG, branchInputSchema, branchSchema, messageSchema, recordsIdSchema } from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { customerOnly } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { createBranch, deleteBranch, listBranches, updateBranch } from './branches.js';
import { errorResponses } from '../../../platform/openapi.js';

/** The customer's branches (Filialen): list, add, change, remove; only their own, any other id is 404. */
export const businessBranchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const access = customerOnly;
  app.get(
    '/api/business/branches',
    {
      config: { access },
      schema: {
        operationId: 'listBusinessBranches',
        tags: ['business'],
        summary: 'The caller’s branches by name',
        response: { ...errorResponses(400, 401, 403), 200: z.array(branchSchema) },
      },
    },
    (req) => listBranches(ctx, currentUser(req)),
  );

  app.post(
    '/api/business/branches',
    {
      config: { access, idempotent: true },
      schema: {
        operationId: 'createBusinessBranch',
        tags: ['business'],
        summary: 'Add a branch {name, address, zipcode, city, phone?, opening_hours?}',
        body: branchInputSchema,
        response: {
          ...errorResponses(400, 401, 403, 409),
          201: z.object({ message: z.string(), branch: branchSchema }),
        },
      },
    },
    async (req, reply) => {
      const branch = await createBranch(ctx, currentUser(req), req.body);
      return reply.code(201).send({ message: MSG.branchCreated, branch });
    },
  );

  app.put(
    '/api/business/branches/:id',
    {
      config: { access },
      schema: {
        operationId: 'updateBusinessBranch',
        tags: ['business'],
        summary: 'Change one of the caller’s branches',
        params: recordsIdSchema,
        body: branchInputSchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
          200: z.object({ message: z.string(), branch: branchSchema }),
        },
      },
    },
    async (req) => {
      const branch = await updateBranch(ctx, currentUser(req), { id: req.params.id, fields: req.body });
      return { message: MSG.branchSaved, branch };
    },
  );

  app.delete(
    '/api/business/branches/:id',
    {
      config: { access },
      schema: {
        operationId: 'deleteBusinessBranch',
        tags: ['business'],
        summary: 'Remove one of the caller’s branches',
        params: recordsIdSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema },
      },
    },
    async (req) => {
      await deleteBranch(ctx, currentUser(req), { id: req.params.id });
      return { message: MSG.branchDeleted };
    },
  );
};
