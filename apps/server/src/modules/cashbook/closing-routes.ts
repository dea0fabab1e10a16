import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closingListQuerySchema, closingListResponseSchema, closingSchema, createClosingSchema } from '@portal/shared';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { createClosing, listClosings } from './closings.js';
import { errorResponses } from '../../platform/openapi.js';

const access = staffWith('cashbook');
const tags = ['cashbook'];

/** Monthly closings: list and close a month against the counted cash. */
export const cashbookClosingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/cashbook/monthly-closings',
    {
      config: { access },
      schema: {
        operationId: 'listCashbookMonthlyClosings',
        tags,
        summary: 'Closings, newest month first',
        querystring: closingListQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: closingListResponseSchema },
      },
    },
    (req) => listClosings(ctx, currentUser(req), req.query),
  );

  app.post(
    '/api/cashbook/monthly-closings',
    {
      config: { access, idempotent: true },
      schema: {
        operationId: 'closeCashbookMonth',
        tags,
        summary: 'Close a month (YYYY-MM or YYYY-MM-01) against the counted cash; the server computes every figure',
        body: createClosingSchema,
        response: { ...errorResponses(400, 401, 403, 409), 201: closingSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createClosing(ctx, currentUser(req), req.body)),
  );
};
